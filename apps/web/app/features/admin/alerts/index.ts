// The console's alerts area (issue 32): its public face; another area imports only this file.

export { alertsActions, alertsLoader, Alerts } from './alerts-page';
export { alertChannelsActions, alertChannelsLoader, AlertChannels } from './channels-page';

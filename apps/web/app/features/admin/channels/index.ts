// The console's channels and mail templates (issue 32): its public face; another area imports only this file.

export { ChannelsPage, channelsActions, channelsLoader } from './channels-page';
export { MailTemplatesPage, mailTemplatesActions, mailTemplatesLoader } from './mail-templates-page';

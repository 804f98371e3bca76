// The console's settings area (issue 30): its public face; another area imports only this file.

export { settingsActions, settingsLoader, SettingsPage } from './settings-page';
export { memberLevelsActions, memberLevelsLoader, MemberLevels } from './member-levels-page';

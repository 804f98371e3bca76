import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import { settingsActions, settingsLoader, SettingsPage } from '../../features/admin/settings/settings-page';

export const meta = adminMeta('content.settings.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = settingsLoader;

export const clientAction = settingsActions;

export default SettingsPage;

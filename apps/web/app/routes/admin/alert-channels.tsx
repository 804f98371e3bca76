import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import { alertChannelsActions, alertChannelsLoader, AlertChannels } from '../../features/admin/alerts';

// Issue 32: the shop's alert channels (permission `settings`).

export const meta = adminMeta('alerts.channels.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = alertChannelsLoader;

export const clientAction = alertChannelsActions;

export default AlertChannels;

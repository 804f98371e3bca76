import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import { alertsActions, alertsLoader, Alerts } from '../../features/admin/alerts';

// Issue 32: each operator's alert subscriptions and delivery log.

export const meta = adminMeta('alerts.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = alertsLoader;

export const clientAction = alertsActions;

export default Alerts;

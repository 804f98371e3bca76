import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import { homeActions, homeLoader, AdminHome } from '../../features/admin/dashboard/dashboard-page';

// The console's home (issue 15): the dashboard. The figures load after the page shows (a
// skeleton meanwhile); the API leaves out what the operator may not see, and the links to the
// operator's areas stay for everyone, those without any figure permission included.

export const meta = adminMeta('dashboard.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = homeLoader;

export const clientAction = homeActions;

export default AdminHome;

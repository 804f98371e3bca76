import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import { accountActions, AdminAccount } from '../../features/admin/account/account-page';

export const meta = adminMeta('auth.account.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientAction = accountActions;

export default AdminAccount;

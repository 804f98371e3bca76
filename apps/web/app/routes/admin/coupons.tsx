import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import { couponsActions, couponsLoader, Coupons } from '../../features/admin/promotions';

// Issue 31: the console's promotions (permission `promotions`).

export const meta = adminMeta('promotions.coupons.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = couponsLoader;

export const clientAction = couponsActions;

export default Coupons;

import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import { reconciliationLoader, Reconciliation } from '../../features/admin/orders/reconciliation-page';

// Reconciliation (issue 15): every paid notification a provider sent in the period, checked
// against what the shop did with it. On a healthy shop the page says so, with how many it
// checked; otherwise it lists each payment not applied, applied twice, or with another amount.

export const meta = adminMeta('orders.reconciliation.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = reconciliationLoader;

export default Reconciliation;

import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import {
  orderDetailActions,
  orderDetailLoader,
  OrderDetail,
} from '../../features/admin/orders/order-detail-page';

// One order (issue 15): what was bought at which frozen prices, the payments and the provider's
// notifications as received, each item's delivery (card keys masked; a top-up's supplier state
// and polls; the address and tracking number of goods that ship), the ledger entries and refunds
// of the order, and its audit trail. Actions: deliver an item by hand, settle or retry a top-up
// left to an operator, cancel an unpaid order, and refund (another area's dialog).

export const meta = adminMeta('orders.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = orderDetailLoader;

export const clientAction = orderDetailActions;

export default OrderDetail;

import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import {
  ordersListActions,
  ordersListLoader,
  OrdersList,
} from '../../features/admin/orders/orders-list-page';

// Orders (issue 15): the search (exact number, buyer, goods, player id; status, payment method,
// creation days in UTC+8; or the start of a number, email, phone or player id: issue 32) with its
// filters in the URL, paged and sorted by the API, each row opening the order. Counting stops at a
// cap on a big shop: the page says when more match.

export const meta = adminMeta('orders.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = ordersListLoader;

// The batch actions (issue 32): ship, ship from a CSV, cancel unpaid orders; and the export.
export const clientAction = ordersListActions;

export default OrdersList;

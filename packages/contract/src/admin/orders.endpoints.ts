import { adminGet, adminPost } from './endpoint.ts';

/**
 * The console's orders (issue 15): search, detail, manual delivery, settling and retrying top-ups
 * left to an operator, cancelling unpaid orders, and the payments reconciliation; permission
 * `orders`. Refunds are `refunds.endpoints.ts` (permission `refunds`).
 */
export const ordersEndpoints = {
  ordersList: adminGet('/api/admin/orders/list', 'orders'),
  orderDetail: adminGet('/api/admin/orders/detail', 'orders'),
  orderDeliver: adminPost('/api/admin/orders/deliver', 'orders'),
  orderSettle: adminPost('/api/admin/orders/settle', 'orders'),
  orderRetry: adminPost('/api/admin/orders/retry', 'orders'),
  orderCancel: adminPost('/api/admin/orders/cancel', 'orders'),
  reconciliationList: adminGet('/api/admin/orders/reconciliation', 'orders'),
};

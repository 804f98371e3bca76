// The console's orders area (issue 30): its public face; another area imports only this file.

export { orderDetailActions, orderDetailLoader, OrderDetail } from './order-detail-page';
export { ordersListActions, ordersListLoader, OrdersList } from './orders-list-page';
export { reconciliationLoader, Reconciliation } from './reconciliation-page';

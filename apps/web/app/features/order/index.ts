// The order feature's public face (issue 30): placing an order, its checkout, detail and list
// pages, refunds and delivery. Other features import from here, never a deeper file.
export { orderApi, type CreateOrderBody } from './order-api';
export { KeysWithdrawn, refundsOf } from './order-refunds';
export { cardsDelivered, hasCardItems } from './delivery';

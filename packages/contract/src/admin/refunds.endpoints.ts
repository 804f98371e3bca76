import { adminPost } from './endpoint.ts';

/** The console's refunds (issue 15): refund an order or one item, ask a provider again; `refunds`. */
export const refundsEndpoints = {
  refundCreate: adminPost('/api/admin/orders/refund', 'refunds'),
  refundRetry: adminPost('/api/admin/refunds/retry', 'refunds'),
};

/** A CNY amount as typed: "12", "12.3", "12.34" (the console checks it before sending). */
export const CNY_AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;
/** The longest reason the buyer is told. */
export const REFUND_REASON_MAX = 200;

// The online-payment calls of issue 6. Starting a payment goes through the shared client (a refusal
// shows its pop-up, SPEC §8); the status checks made while waiting for the provider go through a
// quiet one (lib/quiet-api.ts).
import { api } from './api';
import type { OrderStatus } from './order';
import type { OnlineMethod, StartedPayment } from './payment';
import { quietApi as quiet } from './quiet-api';

export type RechargeResult = StartedPayment & { no: string };

export const paymentApi = {
  /**
   * POST /api/front/user/recharge: `amount` in yuan ("100.00"), ¥1.00–¥50,000.00. With `returnOid`
   * (an order's shortfall) Alipay and WeChat Pay H5 send the buyer back to that order's checkout.
   */
  recharge(amount: string, method: OnlineMethod, returnOid?: string): Promise<RechargeResult> {
    return api.post<RechargeResult>('/api/front/user/recharge', {
      amount,
      method,
      ...(returnOid ? { return_oid: returnOid } : {}),
    });
  },

  /** GET /api/front/order/pay/status (quiet). */
  orderStatus(oid: string, signal?: AbortSignal): Promise<{ oid: string; status: OrderStatus }> {
    return quiet.get('/api/front/order/pay/status', { oid }, { signal });
  },

  /** GET /api/front/user/recharge/status (quiet). */
  rechargeStatus(
    no: string,
    signal?: AbortSignal,
  ): Promise<{ no: string; status: 'pending' | 'paid'; amount: string }> {
    return quiet.get('/api/front/user/recharge/status', { no }, { signal });
  },
};

// The online-payment calls of issue 6. Starting a payment goes through the shared client (a refusal
// shows its pop-up, SPEC §8); the status checks made while waiting for the provider go through a
// quiet one (lib/quiet-api.ts).
import { endpoints } from '@shop/contract/endpoints';
import { api } from './api';
import type { OnlineMethod } from './payment';
import { quietApi as quiet } from './quiet-api';

export const paymentApi = {
  /**
   * `amount` in yuan ("100.00"), ¥1.00–¥50,000.00. With `returnOid` (an order's shortfall) Alipay
   * and WeChat Pay H5 send the buyer back to that order's checkout.
   */
  recharge(amount: string, method: OnlineMethod, returnOid?: string) {
    return api.call(endpoints.recharge, {
      amount,
      method,
      ...(returnOid ? { return_oid: returnOid } : {}),
    });
  },

  orderStatus(oid: string, signal?: AbortSignal) {
    return quiet.call(endpoints.orderPayStatus, { oid }, { signal });
  },

  rechargeStatus(no: string, signal?: AbortSignal) {
    return quiet.call(endpoints.rechargeStatus, { no }, { signal });
  },
};

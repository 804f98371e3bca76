// The online-payment calls of issue 6, through the shared client. Starting a payment shows a
// refusal's pop-up (SPEC §8); the status checks made while waiting for the provider are quiet: a
// failed check is made again a few seconds later, and says nothing (decision 061).
import { endpoints } from '@shop/contract/endpoints';
import { api } from '../../lib/api';
import type { PayMethod } from '../../lib/checkout';
import type { OnlineMethod } from './payment';

export const paymentApi = {
  /**
   * Pays an order. balance: paid at once ({ status: 'paid' }). alipay: { pay_url } to send the
   * buyer to; wechat: { code_url, qr_image } to show. Those two turn paid when the provider's
   * notification arrives (`orderStatus` polls). Without `device` the server reads the User-Agent.
   */
  payOrder(oid: string, method: PayMethod) {
    return api.call(endpoints.orderPay, { oid, method });
  },

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
    return api.call(endpoints.orderPayStatus, { oid }, { signal, quiet: true });
  },

  rechargeStatus(no: string, signal?: AbortSignal) {
    return api.call(endpoints.rechargeStatus, { no }, { signal, quiet: true });
  },
};

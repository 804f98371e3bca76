import { randomBytes } from 'node:crypto';
import { signAlipayNotice } from '../src/modules/payment/alipay.ts';
import { NOTIFY_PATHS, type SandboxKeys } from '../src/modules/payment/gateways.ts';
import { encryptResource, platformHeaders } from '../src/modules/payment/wechat.ts';

// Provider notifications as Alipay and WeChat Pay send them, signed with the sandbox's provider
// keys (as payment.test.ts builds them), for the tests that play the provider themselves.

export type Method = 'alipay' | 'wechat';

/** Trade states: paid ones first; WeChat Pay has one paid state. */
export const TRADE_STATES: Record<Method, { paid: string[]; unpaid: string[] }> = {
  alipay: { paid: ['TRADE_SUCCESS', 'TRADE_FINISHED'], unpaid: ['WAIT_BUYER_PAY', 'TRADE_CLOSED'] },
  wechat: { paid: ['SUCCESS', 'SUCCESS'], unpaid: ['NOTPAY', 'CLOSED'] },
};

export type SignedNotice = { url: string; headers: Record<string, string>; body: string };

/** A signed notification of `state` for our payment `no` (out_trade_no) and the provider's `tradeNo`. */
export function signedNotice(
  keys: SandboxKeys,
  n: { method: Method; no: string; tradeNo: string; amountCny: number; state: string },
): SignedNotice {
  if (n.method === 'alipay') {
    const params = signAlipayNotice(
      {
        app_id: keys.alipay.appId,
        seller_id: keys.alipay.sellerId,
        out_trade_no: n.no,
        trade_no: n.tradeNo,
        total_amount: (n.amountCny / 100).toFixed(2),
        trade_status: n.state,
        notify_time: new Date().toISOString().slice(0, 19).replace('T', ' '),
      },
      keys.alipay.alipayPrivateKey,
    );
    return {
      url: NOTIFY_PATHS.alipay,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    };
  }
  const resource = encryptResource(
    JSON.stringify({
      mchid: keys.wechat.mchid,
      appid: keys.wechat.appid,
      out_trade_no: n.no,
      transaction_id: n.tradeNo,
      trade_state: n.state,
      amount: { total: n.amountCny, currency: 'CNY' },
    }),
    keys.wechat.apiV3Key,
  );
  const body = JSON.stringify({
    id: randomBytes(6).toString('hex'),
    event_type: 'TRANSACTION.SUCCESS',
    resource,
  });
  return {
    url: NOTIFY_PATHS.wechat,
    headers: {
      'content-type': 'application/json',
      ...platformHeaders(body, {
        privateKey: keys.wechat.platformPrivateKey,
        serial: keys.wechat.platformSerial,
      }),
    },
    body,
  };
}

/** Whether the provider would take this answer as "received": Alipay `success`, WeChat Pay 204. */
export function acknowledged(method: Method, status: number, body: string): boolean {
  return method === 'alipay' ? status === 200 && body === 'success' : status === 204;
}

import { createSign, createVerify } from 'node:crypto';
import { formatMinor, parseDecimal } from '@shop/domain/money';
import { AlipaySdk } from 'alipay-sdk';
import type { Config } from '../../config.ts';
import { noticeNumbers } from './notice-numbers.ts';

// Alipay through the official alipay-sdk (issue 6): page pay on desktop, wap pay on phones, RSA2.
// The same code talks to the built-in sandbox (sandbox.ts), which only changes keys and gateway.

/** The app's keys and ids (config.ts documents each): app private key PKCS#8, Alipay's public key. */
export type AlipayKeys = NonNullable<Config['alipay']>;

export type AlipayNotice =
  | { ok: true; paid: boolean; outTradeNo: string; tradeNo: string; amountCny: number }
  | { ok: false; reason: string };

const PAID = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

export function alipayGateway(keys: AlipayKeys) {
  const sdk = new AlipaySdk({
    appId: keys.appId,
    privateKey: keys.privateKey,
    alipayPublicKey: keys.alipayPublicKey,
    gateway: keys.gateway,
    keyType: 'PKCS8',
    signType: 'RSA2',
  });
  return {
    /** The address to send the buyer to (GET), signed by the app key. */
    payUrl(p: {
      no: string;
      amountCny: number;
      subject: string;
      mobile: boolean;
      notifyUrl: string;
      returnUrl: string;
    }) {
      return sdk.pageExec(p.mobile ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay', 'GET', {
        bizContent: {
          out_trade_no: p.no,
          total_amount: formatMinor(p.amountCny, 'CNY'),
          subject: p.subject,
          product_code: p.mobile ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
        },
        notifyUrl: p.notifyUrl,
        returnUrl: p.returnUrl,
      });
    },

    /**
     * Checks an asynchronous notification: sign_type must be RSA2 and the signature Alipay's; the
     * app id and seller id ours; only TRADE_SUCCESS / TRADE_FINISHED count as paid.
     */
    verifyNotify(params: Record<string, string>): AlipayNotice {
      if (params.sign_type !== 'RSA2') return { ok: false, reason: 'sign_type is not RSA2' };
      if (!sdk.checkNotifySignV2(params)) return { ok: false, reason: 'bad signature' };
      if (params.app_id !== keys.appId) return { ok: false, reason: 'app_id mismatch' };
      if (params.seller_id !== keys.sellerId) return { ok: false, reason: 'seller_id mismatch' };
      const amount = parseDecimal(params.total_amount ?? '', 'CNY');
      if (!params.out_trade_no || !params.trade_no || amount === undefined)
        return { ok: false, reason: 'missing out_trade_no, trade_no or total_amount' };
      const numbers = noticeNumbers(params.out_trade_no, params.trade_no);
      if (!numbers) return { ok: false, reason: 'out_trade_no or trade_no out of bounds' };
      return { ok: true, paid: PAID.has(params.trade_status ?? ''), ...numbers, amountCny: amount };
    },
  };
}
export type AlipayGateway = ReturnType<typeof alipayGateway>;

/** Alipay's notify signing (what the sandbox does as "Alipay"): sorted k=v without sign/sign_type. */
export function signAlipayNotice(
  params: Record<string, string>,
  alipayPrivateKey: string,
): Record<string, string> {
  const content = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  const sign = createSign('RSA-SHA256').update(content, 'utf8').sign(alipayPrivateKey, 'base64');
  return { ...params, sign_type: 'RSA2', sign };
}

/** Checks an app-signed request the way Alipay's gateway does (the sandbox's side). */
export function verifyAppRequest(params: Record<string, string>, appPublicKey: string): boolean {
  const { sign, ...rest } = params;
  if (!sign) return false;
  const content = Object.keys(rest)
    .sort()
    .map((k) => `${k}=${rest[k]}`)
    .join('&');
  return createVerify('RSA-SHA256').update(content, 'utf8').verify(appPublicKey, sign, 'base64');
}

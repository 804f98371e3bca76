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

/**
 * What a provider said of a refund (issue 15, decision 040): done; refused for good (the amount
 * may be refunded again another way); or not known (network, a provider's system error, an
 * answer that does not verify), asked again later with the same refund number.
 */
export type RefundAnswer =
  | { state: 'succeeded'; providerRefundNo: string }
  | { state: 'failed'; reason: string }
  | { state: 'unknown'; reason: string };

/** A refund of (part of) a paid trade, named by our numbers; the amount in CNY fen. */
export type RefundRequest = {
  /** Our out_trade_no of the payment refunded. */
  tradeNo: string;
  /** The trade's whole amount (WeChat Pay asks for it). */
  totalCny: number;
  /** Our refund number: out_request_no / out_refund_no; the same number is refunded once. */
  refundNo: string;
  amountCny: number;
  reason: string;
};

/** Sub-codes of Alipay's 40004 answer that mean "try again later", not a refusal. */
const ALIPAY_RETRY = new Set(['ACQ.SYSTEM_ERROR', 'aop.ACQ.SYSTEM_ERROR']);
/** Common parameters the SDK's exec sends in the query string; biz_content goes in the form body. */
const ALIPAY_BODY_PARAMS = new Set(['biz_content']);

export function alipayGateway(keys: AlipayKeys, send: typeof fetch = fetch) {
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

    /**
     * alipay.trade.refund: signed like the SDK's exec (sdkExecute), posted as a form with the
     * common parameters in the query, through `send` (the sandbox: this app, via inject), and the
     * answer's signature checked with Alipay's key (checkResponseSign) before it is believed.
     * The same out_request_no refunds once (Alipay answers it again with fund_change N).
     */
    async refund(r: RefundRequest): Promise<RefundAnswer> {
      const signed = new URLSearchParams(
        sdk.sdkExecute('alipay.trade.refund', {
          bizContent: {
            out_trade_no: r.tradeNo,
            refund_amount: formatMinor(r.amountCny, 'CNY'),
            out_request_no: r.refundNo,
            refund_reason: r.reason.slice(0, 256),
          },
        }),
      );
      const url = new URL(keys.gateway);
      const body = new URLSearchParams();
      for (const [k, v] of signed) (ALIPAY_BODY_PARAMS.has(k) ? body : url.searchParams).set(k, v);
      let raw: string;
      try {
        const response = await send(url.toString(), {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
            accept: 'application/json',
          },
          body: body.toString(),
          signal: AbortSignal.timeout(10_000),
        });
        raw = await response.text();
        if (!response.ok) return { state: 'unknown', reason: `Alipay answered HTTP ${response.status}` };
      } catch (error) {
        return { state: 'unknown', reason: `Alipay not reached: ${(error as Error).message}` };
      }
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return { state: 'unknown', reason: 'Alipay answered something that is not JSON' };
      }
      const key = parsed.alipay_trade_refund_response ? 'alipay_trade_refund_response' : 'error_response';
      const data = parsed[key] as Record<string, string> | undefined;
      if (!data || typeof parsed.sign !== 'string')
        return { state: 'unknown', reason: 'Alipay answered without a signed response' };
      try {
        sdk.checkResponseSign(raw, key, parsed.sign, '');
      } catch {
        return { state: 'unknown', reason: "Alipay's answer does not verify" };
      }
      if (data.code === '10000') return { state: 'succeeded', providerRefundNo: data.trade_no ?? r.tradeNo };
      const why = `${data.code} ${data.sub_code ?? ''} ${data.sub_msg ?? data.msg ?? ''}`.trim();
      // 20000: the service is unavailable; ACQ.SYSTEM_ERROR: Alipay asks to call again.
      if (data.code === '20000' || ALIPAY_RETRY.has(data.sub_code ?? ''))
        return { state: 'unknown', reason: why };
      return { state: 'failed', reason: why.slice(0, 300) };
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

/**
 * An OpenAPI answer as Alipay's gateway writes it (the sandbox's side): `{"<method>_response":
 * {...},"sign":"..."}`, signed over the exact text of the response object with Alipay's key.
 */
export function signAlipayResponse(
  responseKey: string,
  data: Record<string, string>,
  alipayPrivateKey: string,
): string {
  const inner = JSON.stringify(data);
  const sign = createSign('RSA-SHA256').update(inner, 'utf8').sign(alipayPrivateKey, 'base64');
  return `{"${responseKey}":${inner},"sign":${JSON.stringify(sign)}}`;
}

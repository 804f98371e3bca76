import type { Config } from '../../config.ts';
import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import type { RefundAnswer, RefundRequest } from './alipay.ts';
import { noticeNumbers } from './notice-numbers.ts';

// WeChat Pay APIv3, Native (QR code) payments (issue 6) and H5 payments on phones (issue 12): requests signed with the merchant key
// (SHA256-RSA2048), notifications checked with the platform key over "timestamp\nnonce\nbody\n"
// and their resource decrypted with AEAD_AES_256_GCM and the APIv3 key. No SDK: the protocol is
// these few functions. The sandbox (sandbox.ts) plays the WeChat side with keys of its own.

/** The merchant's keys and ids, and WeChat Pay's platform key (config.ts documents each). */
export type WechatKeys = NonNullable<Config['wechat']>;

/**
 * A refused notice says whether its signature failed (401: not from WeChat Pay) or a signed
 * notice cannot be used (400: wrong merchant, amount, or numbers out of bounds).
 */
export type WechatNotice =
  | { ok: true; paid: boolean; outTradeNo: string; tradeNo: string; amountCny: number }
  | { ok: false; reason: string; signed: boolean };

/** Notifications older or newer than this are refused (replays). */
const CLOCK_SKEW_S = 5 * 60;

const rsaSign = (message: string, key: string) =>
  createSign('RSA-SHA256').update(message).sign(key, 'base64');
const rsaVerify = (message: string, signature: string, key: string) =>
  createVerify('RSA-SHA256').update(message).verify(key, signature, 'base64');

/** The Authorization header of a merchant request. */
export function authorization(
  keys: Pick<WechatKeys, 'mchid' | 'privateKey' | 'certSerial'>,
  method: string,
  pathWithQuery: string,
  body: string,
  now = Date.now(),
  nonce = randomBytes(16).toString('hex'),
): string {
  const timestamp = String(Math.floor(now / 1000));
  const signature = rsaSign(
    `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`,
    keys.privateKey,
  );
  return `WECHATPAY2-SHA256-RSA2048 mchid="${keys.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${keys.certSerial}"`;
}

/** Parses an Authorization header (the sandbox checks merchant requests with it). */
export function parseAuthorization(header: string): Record<string, string> | undefined {
  const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header);
  if (!match) return undefined;
  return Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

/** Checks a merchant request's signature (the sandbox's side of a real WeChat Pay check). */
export function verifyMerchantRequest(
  method: string,
  pathWithQuery: string,
  body: string,
  header: string,
  merchantPublicKey: string,
): boolean {
  const auth = parseAuthorization(header);
  if (!auth?.signature || !auth.timestamp || !auth.nonce_str) return false;
  return rsaVerify(
    `${method}\n${pathWithQuery}\n${auth.timestamp}\n${auth.nonce_str}\n${body}\n`,
    auth.signature,
    merchantPublicKey,
  );
}

export function decryptResource(
  resource: { ciphertext: string; nonce: string; associated_data?: string },
  apiV3Key: string,
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

export function encryptResource(plaintext: string, apiV3Key: string, associatedData = 'transaction') {
  const nonce = randomBytes(6).toString('hex'); // 12 characters, as WeChat sends
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: ciphertext.toString('base64'),
    associated_data: associatedData,
    nonce,
    original_type: 'transaction',
  };
}

/** The headers WeChat Pay signs a notification (or response) body with. */
export function platformHeaders(
  body: string,
  platform: { privateKey: string; serial: string },
  now = Date.now(),
  nonce = randomBytes(16).toString('hex'),
): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-serial': platform.serial,
    'wechatpay-signature': rsaSign(`${timestamp}\n${nonce}\n${body}\n`, platform.privateKey),
    'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
  };
}

function checkPlatformSignature(
  keys: WechatKeys,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  now: number,
): string | undefined {
  const h = (name: string) => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const timestamp = h('wechatpay-timestamp');
  const nonce = h('wechatpay-nonce');
  const signature = h('wechatpay-signature');
  if (!timestamp || !nonce || !signature) return 'missing Wechatpay headers';
  if (h('wechatpay-serial') !== keys.platformSerial) return 'unknown platform serial';
  if (Math.abs(now / 1000 - Number(timestamp)) > CLOCK_SKEW_S) return 'timestamp too far from now';
  if (!rsaVerify(`${timestamp}\n${nonce}\n${body}\n`, signature, keys.platformPublicKey))
    return 'bad signature';
  return undefined;
}

export function wechatGateway(keys: WechatKeys, send: typeof fetch = fetch) {
  /** A signed order call; answers the checked, parsed response body. */
  async function placeOrder(
    path: string,
    p: { no: string; amountCny: number; description: string; notifyUrl: string },
    extra: Record<string, unknown> = {},
  ): Promise<Record<string, unknown>> {
    const body = JSON.stringify({
      appid: keys.appid,
      mchid: keys.mchid,
      description: p.description.slice(0, 127),
      out_trade_no: p.no,
      notify_url: p.notifyUrl,
      amount: { total: p.amountCny, currency: 'CNY' },
      ...extra,
    });
    const response = await send(`${keys.apiBase}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: authorization(keys, 'POST', path, body),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`WeChat Pay answered ${response.status}`);
    const problem = checkPlatformSignature(keys, Object.fromEntries(response.headers), text, Date.now());
    if (problem) throw new Error(`WeChat Pay response refused: ${problem}`);
    return JSON.parse(text) as Record<string, unknown>;
  }

  /** HTTP statuses of WeChat Pay that mean "ask again later": rate limit and its system errors. */
  const retryLater = (status: number) => status === 429 || status >= 500;

  return {
    /**
     * POST /v3/refund/domestic/refunds (issue 15): signed like the order calls; the answer's
     * platform signature is checked before it is believed. The same out_refund_no refunds once.
     * SUCCESS is done, CLOSED refused; PROCESSING (and ABNORMAL, which waits for the merchant's
     * action in WeChat Pay) stay pending and are asked again with the same number. A 4xx other
     * than 429 is a definite refusal (no refund was made).
     */
    async refund(r: RefundRequest): Promise<RefundAnswer> {
      const path = '/v3/refund/domestic/refunds';
      const body = JSON.stringify({
        out_trade_no: r.tradeNo,
        out_refund_no: r.refundNo,
        reason: r.reason.slice(0, 80),
        amount: { refund: r.amountCny, total: r.totalCny, currency: 'CNY' },
      });
      let response: Response;
      let text: string;
      try {
        response = await send(`${keys.apiBase}${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            authorization: authorization(keys, 'POST', path, body),
          },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        text = await response.text();
      } catch (error) {
        return { state: 'unknown', reason: `WeChat Pay not reached: ${(error as Error).message}` };
      }
      let answer: { code?: string; message?: string; status?: string; refund_id?: string };
      try {
        answer = JSON.parse(text) as typeof answer;
      } catch {
        return { state: 'unknown', reason: `WeChat Pay answered ${response.status}, not JSON` };
      }
      const why = `${response.status} ${answer.code ?? ''} ${answer.message ?? ''}`.trim().slice(0, 300);
      if (retryLater(response.status)) return { state: 'unknown', reason: why };
      // A refusal is believed only when signed too: a forged one would free the amount to be
      // refunded a second time.
      const problem = checkPlatformSignature(keys, Object.fromEntries(response.headers), text, Date.now());
      if (problem) return { state: 'unknown', reason: `WeChat Pay response refused: ${problem}` };
      if (!response.ok) return { state: 'failed', reason: why };
      if (answer.status === 'SUCCESS' && answer.refund_id)
        return { state: 'succeeded', providerRefundNo: answer.refund_id };
      if (answer.status === 'CLOSED') return { state: 'failed', reason: 'CLOSED' };
      return { state: 'unknown', reason: `refund ${answer.status ?? 'without status'}` };
    },

    /** Places a Native order and returns its code_url (shown to the buyer as a QR code). */
    async nativeOrder(p: {
      no: string;
      amountCny: number;
      description: string;
      notifyUrl: string;
    }): Promise<string> {
      const codeUrl = (await placeOrder('/v3/pay/transactions/native', p)).code_url;
      if (typeof codeUrl !== 'string') throw new Error('WeChat Pay answered without code_url');
      return codeUrl;
    },

    /**
     * Places an H5 order (a phone's browser other than WeChat's own, decision 032) and returns the
     * page to send the buyer to: WeChat Pay's h5_url (valid 5 minutes), which opens the WeChat app
     * and afterwards returns the buyer to `returnUrl` (its `redirect_url` parameter, on a domain
     * registered for H5 pay). `clientIp` is the buyer's address, which WeChat Pay's risk checks
     * compare with the one opening h5_url.
     */
    async h5Order(p: {
      no: string;
      amountCny: number;
      description: string;
      notifyUrl: string;
      returnUrl: string;
      clientIp: string;
      appName: string;
      appUrl: string;
    }): Promise<string> {
      const answer = await placeOrder('/v3/pay/transactions/h5', p, {
        scene_info: {
          payer_client_ip: p.clientIp,
          h5_info: { type: 'Wap', app_name: p.appName, app_url: p.appUrl },
        },
      });
      const h5Url = answer.h5_url;
      if (typeof h5Url !== 'string' || !/^https?:\/\//.test(h5Url))
        throw new Error('WeChat Pay answered without h5_url');
      const url = new URL(h5Url);
      url.searchParams.set('redirect_url', p.returnUrl);
      return url.toString();
    },

    /**
     * Checks a notification: the platform signature over "timestamp\nnonce\nbody\n", a fresh
     * timestamp, then the decrypted resource's mchid and appid; trade_state SUCCESS means paid.
     */
    verifyNotify(
      headers: Record<string, string | string[] | undefined>,
      body: string,
      now = Date.now(),
    ): WechatNotice {
      const problem = checkPlatformSignature(keys, headers, body, now);
      if (problem) return { ok: false, reason: problem, signed: false };
      const refuse = (reason: string) => ({ ok: false, reason, signed: true }) as const;
      let payload: {
        mchid?: string;
        appid?: string;
        out_trade_no?: string;
        transaction_id?: string;
        trade_state?: string;
        amount?: { total?: number; currency?: string };
      };
      try {
        const notice = JSON.parse(body) as {
          resource?: { algorithm?: string; ciphertext: string; nonce: string; associated_data?: string };
        };
        if (notice.resource?.algorithm !== 'AEAD_AES_256_GCM') return refuse('unknown algorithm');
        payload = JSON.parse(decryptResource(notice.resource, keys.apiV3Key));
      } catch {
        return refuse('resource does not decrypt');
      }
      if (payload.mchid !== keys.mchid) return refuse('mchid mismatch');
      if (payload.appid !== keys.appid) return refuse('appid mismatch');
      const total = payload.amount?.total;
      if (!payload.out_trade_no || !payload.transaction_id || !Number.isSafeInteger(total))
        return refuse('missing out_trade_no, transaction_id or amount');
      if (payload.amount?.currency && payload.amount.currency !== 'CNY') return refuse('not CNY');
      const numbers = noticeNumbers(payload.out_trade_no, payload.transaction_id);
      if (!numbers) return refuse('out_trade_no or transaction_id out of bounds');
      return { ok: true, paid: payload.trade_state === 'SUCCESS', ...numbers, amountCny: total! };
    },
  };
}
export type WechatGateway = ReturnType<typeof wechatGateway>;

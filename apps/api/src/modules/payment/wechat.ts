import type { Config } from '../../config.ts';
import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import { noticeNumbers } from './notice-numbers.ts';

// WeChat Pay APIv3, Native (QR code) payments (issue 6): requests signed with the merchant key
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
  return {
    /** Places a Native order and returns its code_url (shown to the buyer as a QR code). */
    async nativeOrder(p: {
      no: string;
      amountCny: number;
      description: string;
      notifyUrl: string;
    }): Promise<string> {
      const path = '/v3/pay/transactions/native';
      const body = JSON.stringify({
        appid: keys.appid,
        mchid: keys.mchid,
        description: p.description.slice(0, 127),
        out_trade_no: p.no,
        notify_url: p.notifyUrl,
        amount: { total: p.amountCny, currency: 'CNY' },
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
      const codeUrl = (JSON.parse(text) as { code_url?: unknown }).code_url;
      if (typeof codeUrl !== 'string') throw new Error('WeChat Pay answered without code_url');
      return codeUrl;
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

import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { localKeyPair, localSecret } from '../../keys.ts';
import { type AlipayGateway, type AlipayKeys, alipayGateway } from './alipay.ts';
import { type WechatGateway, type WechatKeys, wechatGateway } from './wechat.ts';

// Real credentials when configured; otherwise, outside production mode, the built-in sandbox
// (decision 019) with keys generated on first start in DATA_DIR/keys. In production mode without
// credentials a provider is simply not available.

export type SandboxKeys = {
  alipay: AlipayKeys & { appPublicKey: string; alipayPrivateKey: string };
  wechat: WechatKeys & { merchantPublicKey: string; platformPrivateKey: string };
  /** Signs the sandbox's own QR links so they cannot be forged. */
  secret: Buffer;
};

export type Gateways = {
  alipay: AlipayGateway | undefined;
  wechat: WechatGateway | undefined;
  /** Set when at least one provider runs in the sandbox. */
  sandbox: SandboxKeys | undefined;
  sandboxed: { alipay: boolean; wechat: boolean };
};

export const NOTIFY_PATHS = { alipay: '/api/pay/notify/alipay', wechat: '/api/pay/notify/wechat' } as const;
export const SANDBOX_PREFIX = '/sandbox';

export function sandboxKeys(config: Config): SandboxKeys {
  const app = localKeyPair(config.dataDir, 'sandbox-alipay-app');
  const alipayPlatform = localKeyPair(config.dataDir, 'sandbox-alipay-platform');
  const merchant = localKeyPair(config.dataDir, 'sandbox-wechat-merchant');
  const platform = localKeyPair(config.dataDir, 'sandbox-wechat-platform');
  return {
    alipay: {
      appId: '9021000000000000',
      privateKey: app.privateKey,
      appPublicKey: app.publicKey,
      alipayPublicKey: alipayPlatform.publicKey,
      alipayPrivateKey: alipayPlatform.privateKey,
      sellerId: '2088000000000000',
      gateway: `${config.publicUrl}${SANDBOX_PREFIX}/alipay/gateway.do`,
    },
    wechat: {
      mchid: '1900000000',
      appid: 'wx0000sandbox0000',
      privateKey: merchant.privateKey,
      merchantPublicKey: merchant.publicKey,
      certSerial: 'SANDBOX-MERCHANT-0001',
      apiV3Key: localSecret(config.dataDir, 'sandbox-wechat-apiv3', 16).toString('hex'),
      platformPublicKey: platform.publicKey,
      platformPrivateKey: platform.privateKey,
      platformSerial: 'SANDBOX-PLATFORM-0001',
      apiBase: `${config.publicUrl}${SANDBOX_PREFIX}/wechat`,
    },
    secret: localSecret(config.dataDir, 'sandbox-links'),
  };
}

/**
 * The gateways of this process. In the sandbox, the providers' API calls (WeChat Pay's orders, both
 * providers' refunds) go to this same app through
 * `app.inject` (the same signed requests and responses, without a network hop), so the sandbox
 * works whatever address the shop listens on.
 */
export function createGateways(config: Config, app: FastifyInstance): Gateways {
  const sandboxed = {
    alipay: !config.alipay && !config.isProduction,
    wechat: !config.wechat && !config.isProduction,
  };
  const sandbox = sandboxed.alipay || sandboxed.wechat ? sandboxKeys(config) : undefined;
  const alipayKeys = config.alipay ?? (sandboxed.alipay ? sandbox!.alipay : undefined);
  const wechatKeys = config.wechat ?? (sandboxed.wechat ? sandbox!.wechat : undefined);
  const local: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'POST',
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      payload: (init?.body as string | undefined) ?? '',
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, String(v));
    return new Response(res.body, { status: res.statusCode, headers });
  };
  return {
    alipay: alipayKeys ? alipayGateway(alipayKeys, sandboxed.alipay ? local : fetch) : undefined,
    wechat: wechatKeys ? wechatGateway(wechatKeys, sandboxed.wechat ? local : fetch) : undefined,
    sandbox,
    sandboxed,
  };
}

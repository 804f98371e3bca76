import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

// Settings every deployment has (ARCHITECTURE.md §4), plus the few the foundation needs.
// Every value is validated at boot; a wrong one stops the process with one line naming it.
const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const PAYMENT_SETTINGS = {
  ALIPAY_: ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'ALIPAY_SELLER_ID'],
  WECHAT_: [
    'WECHAT_MCHID',
    'WECHAT_APPID',
    'WECHAT_PRIVATE_KEY',
    'WECHAT_CERT_SERIAL',
    'WECHAT_APIV3_KEY',
    'WECHAT_PLATFORM_PUBLIC_KEY',
    'WECHAT_PLATFORM_SERIAL',
  ],
} as const;

/** PEM keys may come on one line with literal \n (environment files). */
const pem = (text: string) => text.replace(/\\n/g, '\n');

const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('localhost'),
    DATA_DIR: z.string().min(1).default('./var'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// URL (unset it to use SQLite)')
      .optional(),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    CAPTCHA_DISABLED: flag.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z
      .string()
      .min(1)
      .optional()
      .describe('Proxy addresses/CIDRs whose X-Forwarded-For is trusted; unset trusts none'),
    BODY_LIMIT: z.coerce
      .number()
      .int()
      .min(1024)
      .max(50 * 1024 * 1024)
      .default(1024 * 1024),
    DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
    PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(60),
    RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).max(1_000_000).default(10),
    SEED_DEMO: flag.optional(),
    WEB_BUILD_DIR: z.string().min(1).optional(),
    PUBLIC_URL: z
      .string()
      .url()
      .optional()
      .describe('The address buyers and payment providers reach the shop at'),
    ALIPAY_APP_ID: z.string().min(1).optional(),
    ALIPAY_PRIVATE_KEY: z.string().min(100).optional(),
    ALIPAY_PUBLIC_KEY: z.string().min(100).optional(),
    ALIPAY_SELLER_ID: z.string().min(1).optional(),
    ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
    WECHAT_MCHID: z.string().min(1).optional(),
    WECHAT_APPID: z.string().min(1).optional(),
    WECHAT_PRIVATE_KEY: z.string().min(100).optional(),
    WECHAT_CERT_SERIAL: z.string().min(1).optional(),
    WECHAT_APIV3_KEY: z.string().length(32).optional(),
    WECHAT_PLATFORM_PUBLIC_KEY: z.string().min(100).optional(),
    WECHAT_PLATFORM_SERIAL: z.string().min(1).optional(),
    WECHAT_API_BASE: z.string().url().default('https://api.mch.weixin.qq.com'),
    CARD_KEY_SECRET: z
      .string()
      .refine(
        (v) => Buffer.from(v, 'base64').length === 32,
        'must be 32 bytes in base64 (openssl rand -base64 32)',
      )
      .optional(),
    ORDER_TIMEOUT_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(15),
    MAX_UNPAID_ORDERS: z.coerce.number().int().min(1).max(1_000_000).default(10),
    MAX_RESERVED_PER_OPTION: z.coerce.number().int().min(1).max(1_000_000).default(20),
    MAX_PENDING_RECHARGES: z.coerce.number().int().min(1).max(1_000_000).default(5),
    RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    RETENTION_CODES_HOURS: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 365)
      .default(24),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/.+/, 'must be a redis:// or rediss:// URL')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).max(200).optional(),
    SMS_WEBHOOK_URL: z.string().url().optional(),
    SMS_WEBHOOK_SECRET: z.string().min(16).optional(),
    S3_ENDPOINT: z.string().url().optional(),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PUBLIC_URL: z.string().url().optional(),
  })
  .superRefine((env, ctx) => {
    const s3 = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    const missing = s3.filter((name) => !env[name]);
    if (missing.length > 0 && missing.length < s3.length) {
      ctx.addIssue({
        code: 'custom',
        path: [missing[0]!],
        message: `is required with the other S3_* settings (${s3.join(', ')})`,
      });
    }
    for (const [group, names] of Object.entries(PAYMENT_SETTINGS)) {
      const missing = names.filter((name) => !env[name]);
      if (missing.length > 0 && missing.length < names.length) {
        ctx.addIssue({
          code: 'custom',
          path: [missing[0]!],
          message: `is required with the other ${group} settings (${names.join(', ')})`,
        });
      }
    }
    if (env.SMS_WEBHOOK_URL && !env.SMS_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_WEBHOOK_SECRET'],
        message: 'is required with SMS_WEBHOOK_URL (it signs each request)',
      });
    }
    if (env.NODE_ENV === 'production' && env.CAPTCHA_DISABLED) {
      ctx.addIssue({
        code: 'custom',
        path: ['CAPTCHA_DISABLED'],
        message: 'is refused in production mode (NODE_ENV=production)',
      });
    }
    // Outside production the shop serves the dev outbox (every verification code) and the payment
    // sandbox (free wallet top-ups): only to this machine (issue 11, finding 9).
    if (env.NODE_ENV !== 'production' && !isLoopback(env.HOST)) {
      ctx.addIssue({
        code: 'custom',
        path: ['HOST'],
        message: `is not a loopback address, and ${env.NODE_ENV} mode (${env.NODE_ENV === 'development' ? 'NODE_ENV unset or development' : 'NODE_ENV=test'}) shows every verification code at /dev/outbox and tops wallets up through the payment sandbox for anyone who reaches it; set NODE_ENV=production, or HOST=127.0.0.1`,
      });
    }
  });

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * PUBLIC_URL when it is not set: the address the shop listens on, so that the pages, the payment
 * return URLs and the sandbox all live on one origin (the login token is kept per origin: a buyer
 * sent back to another name of the same machine would be logged out, issue 12). A wildcard
 * address (0.0.0.0, ::) is no address to browse to: localhost then (production warns, server.ts).
 */
export function defaultPublicUrl(host: string, port: number): string {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const wildcard = bare === '0.0.0.0' || bare === '::' || bare === '';
  const name = wildcard ? 'localhost' : net.isIPv6(bare) ? `[${bare}]` : bare.toLowerCase();
  return `http://${name}:${port}`;
}

/** localhost, 127.0.0.0/8 or ::1 (also written [::1] or ::ffff:127.x.y.z). */
export function isLoopback(host: string): boolean {
  const address = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (address === 'localhost') return true;
  const family = net.isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  captchaDisabled: boolean;
  logLevel: string;
  trustProxy: string | undefined;
  bodyLimit: number;
  dbPoolMax: number;
  /** How long public catalog reads are kept per process (decision 013); 0 turns it off. */
  cacheTtlMs: number;
  /**
   * How long a rendered public page is kept (decision 014): CACHE_TTL_MS unless set lower; 0 turns
   * the page cache off and leaves the read cache on (every page rendered, its reads shared).
   */
  pageCacheTtlMs: number;
  /** How long a login token lives. */
  tokenTtlDays: number;
  /** Login, register and code sends: requests per minute per client IP. */
  rateLimitPerIp: number;
  /** Login, register and code sends: requests per 10 minutes per account (email or phone). */
  rateLimitPerAccount: number;
  /** Seed the demo catalog into an empty database: on by default, never in production. */
  seedDemo: boolean;
  webBuildDir: string;
  /**
   * The shop's address for buyers and payment providers (pages' absolute links, notify and return
   * URLs); by default the address it listens on (defaultPublicUrl). Decision 032.
   */
  publicUrl: string;
  /** Real Alipay credentials; without them the built-in sandbox gateway speaks Alipay. */
  alipay:
    | { appId: string; privateKey: string; alipayPublicKey: string; sellerId: string; gateway: string }
    | undefined;
  /** Real WeChat Pay (APIv3) credentials; without them the sandbox speaks WeChat Pay. */
  wechat:
    | {
        mchid: string;
        appid: string;
        privateKey: string;
        certSerial: string;
        apiV3Key: string;
        platformPublicKey: string;
        platformSerial: string;
        apiBase: string;
      }
    | undefined;
  /** Encrypts card keys at rest; unset: a key generated on first start in DATA_DIR/keys. */
  cardKeySecret: Buffer | undefined;
  /**
   * Unpaid orders are cancelled after this many minutes, releasing their stock: the default until
   * an operator sets the timeout in the console (settings key order_timeout_minutes, issue 14).
   */
  orderTimeoutMinutes: number;
  /** Per buyer (issue 11): unpaid orders at once, units of one stocked option held in them, recharges waiting. */
  buyerLimits: { unpaidOrders: number; reservedPerOption: number; pendingRecharges: number };
  /**
   * Sent messages, finished jobs, expired or revoked tokens are deleted this long after (decision
   * 026). Like the next one, the default until an operator sets it in the console (issue 14).
   */
  retentionDays: number;
  /** Captchas, verification codes and failed-login counts are deleted this long after they expire. */
  retentionCodesHours: number;
  /** Shares rate-limit counters between processes; per process when unset. */
  redisUrl: string | undefined;
  /** Email goes out through this SMTP server; without it, to the local outbox only. */
  smtp: { url: string; from: string } | undefined;
  /** Text messages go to this HTTP endpoint (the SMS adapter); without it, to the outbox only. */
  smsWebhook: { url: string; secret: string } | undefined;
  /** Uploads go to this S3-compatible bucket; without it, to DATA_DIR/uploads. */
  s3:
    | {
        endpoint: string;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        publicUrl: string;
      }
    | undefined;
};

const SECRET_SETTINGS = new Set([
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'SMS_WEBHOOK_SECRET',
  'S3_SECRET_ACCESS_KEY',
  'ALIPAY_PRIVATE_KEY',
  'WECHAT_PRIVATE_KEY',
  'WECHAT_APIV3_KEY',
  'CARD_KEY_SECRET',
]);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment. Throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    // Never echo a value that may hold a password.
    const got =
      input[name] === undefined || SECRET_SETTINGS.has(name) ? '' : ` (got ${JSON.stringify(input[name])})`;
    throw new ConfigError(`Invalid setting ${name}: ${describe(issue)}${got}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    nodeEnv: e.NODE_ENV,
    isProduction,
    captchaDisabled: e.CAPTCHA_DISABLED,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    bodyLimit: e.BODY_LIMIT,
    dbPoolMax: e.DB_POOL_MAX,
    cacheTtlMs: e.CACHE_TTL_MS,
    // At most CACHE_TTL_MS: how stale the console says a buyer's view may be counts on it.
    pageCacheTtlMs: Math.min(e.PAGE_CACHE_TTL_MS ?? e.CACHE_TTL_MS, e.CACHE_TTL_MS),
    tokenTtlDays: e.TOKEN_TTL_DAYS,
    rateLimitPerIp: e.RATE_LIMIT_PER_IP,
    rateLimitPerAccount: e.RATE_LIMIT_PER_ACCOUNT,
    seedDemo: isProduction ? false : (e.SEED_DEMO ?? true),
    webBuildDir: path.resolve(e.WEB_BUILD_DIR ?? path.join(import.meta.dirname, '../../web/build')),
    publicUrl: (e.PUBLIC_URL ?? defaultPublicUrl(e.HOST, e.PORT)).replace(/\/+$/, ''),
    alipay:
      e.ALIPAY_APP_ID && e.ALIPAY_PRIVATE_KEY && e.ALIPAY_PUBLIC_KEY && e.ALIPAY_SELLER_ID
        ? {
            appId: e.ALIPAY_APP_ID,
            privateKey: pem(e.ALIPAY_PRIVATE_KEY),
            alipayPublicKey: pem(e.ALIPAY_PUBLIC_KEY),
            sellerId: e.ALIPAY_SELLER_ID,
            gateway: e.ALIPAY_GATEWAY,
          }
        : undefined,
    wechat:
      e.WECHAT_MCHID &&
      e.WECHAT_APPID &&
      e.WECHAT_PRIVATE_KEY &&
      e.WECHAT_CERT_SERIAL &&
      e.WECHAT_APIV3_KEY &&
      e.WECHAT_PLATFORM_PUBLIC_KEY &&
      e.WECHAT_PLATFORM_SERIAL
        ? {
            mchid: e.WECHAT_MCHID,
            appid: e.WECHAT_APPID,
            privateKey: pem(e.WECHAT_PRIVATE_KEY),
            certSerial: e.WECHAT_CERT_SERIAL,
            apiV3Key: e.WECHAT_APIV3_KEY,
            platformPublicKey: pem(e.WECHAT_PLATFORM_PUBLIC_KEY),
            platformSerial: e.WECHAT_PLATFORM_SERIAL,
            apiBase: e.WECHAT_API_BASE.replace(/\/+$/, ''),
          }
        : undefined,
    cardKeySecret: e.CARD_KEY_SECRET ? Buffer.from(e.CARD_KEY_SECRET, 'base64') : undefined,
    orderTimeoutMinutes: e.ORDER_TIMEOUT_MINUTES,
    buyerLimits: {
      unpaidOrders: e.MAX_UNPAID_ORDERS,
      reservedPerOption: e.MAX_RESERVED_PER_OPTION,
      pendingRecharges: e.MAX_PENDING_RECHARGES,
    },
    retentionDays: e.RETENTION_DAYS,
    retentionCodesHours: e.RETENTION_CODES_HOURS,
    redisUrl: e.REDIS_URL,
    smtp: e.SMTP_URL
      ? { url: e.SMTP_URL, from: e.MAIL_FROM ?? 'Pixel Harbor <no-reply@localhost>' }
      : undefined,
    smsWebhook:
      e.SMS_WEBHOOK_URL && e.SMS_WEBHOOK_SECRET
        ? { url: e.SMS_WEBHOOK_URL, secret: e.SMS_WEBHOOK_SECRET }
        : undefined,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT.replace(/\/+$/, ''),
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            publicUrl: (e.S3_PUBLIC_URL ?? `${e.S3_ENDPOINT.replace(/\/+$/, '')}/${e.S3_BUCKET}`).replace(
              /\/+$/,
              '',
            ),
          }
        : undefined,
  };
}

function describe(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => String(v)).join(', ')}`;
    case 'invalid_type':
      return `must be ${issue.expected === 'number' ? 'a number' : `a ${issue.expected}`}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}`;
    default:
      return issue.message;
  }
}

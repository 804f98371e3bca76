import path from 'node:path';
import { z } from 'zod';

// Settings every deployment has (ARCHITECTURE.md §4), plus the few the foundation needs.
// Every value is validated at boot; a wrong one stops the process with one line naming it.
const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

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
    TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(60),
    RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).max(1_000_000).default(10),
    SEED_DEMO: flag.optional(),
    WEB_BUILD_DIR: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.CAPTCHA_DISABLED) {
      ctx.addIssue({
        code: 'custom',
        path: ['CAPTCHA_DISABLED'],
        message: 'is refused in production mode (NODE_ENV=production)',
      });
    }
  });

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
  /** How long a login token lives. */
  tokenTtlDays: number;
  /** Login, register and code sends: requests per minute per client IP. */
  rateLimitPerIp: number;
  /** Login, register and code sends: requests per 10 minutes per account (email or phone). */
  rateLimitPerAccount: number;
  /** Seed the demo catalog into an empty database: on by default, never in production. */
  seedDemo: boolean;
  webBuildDir: string;
};

const SECRET_SETTINGS = new Set(['DATABASE_URL']);

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
    tokenTtlDays: e.TOKEN_TTL_DAYS,
    rateLimitPerIp: e.RATE_LIMIT_PER_IP,
    rateLimitPerAccount: e.RATE_LIMIT_PER_ACCOUNT,
    seedDemo: isProduction ? false : (e.SEED_DEMO ?? true),
    webBuildDir: path.resolve(e.WEB_BUILD_DIR ?? path.join(import.meta.dirname, '../../web/build')),
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

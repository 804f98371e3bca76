import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { accountKind, normalizeAccount } from '@shop/domain/account';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandlers for the credential endpoints: per client IP, and per account for register and
     * code sends (issue 4). Password checks (login, password change) are not limited per account:
     * their failures lead to a captcha instead (decision 025).
     */
    authLimits(group: AuthGroup): preHandlerAsyncHookHandler[];
    /** preHandler allowing RATE_LIMIT_PER_IP requests per minute per client IP (captcha images). */
    addressLimit(group: string): preHandlerAsyncHookHandler;
    /** preHandler (after `requireUser`) allowing `max` requests per `windowMs` per logged-in user. */
    userLimit(group: string, max: number, windowMs: number): preHandlerAsyncHookHandler;
    /**
     * preHandler (after `requireUser`) for requests that carry a promotion code (issue 31): per
     * client IP as the credential endpoints, and per buyer; a request without a code is not counted.
     */
    codeLimit(): preHandlerAsyncHookHandler;
  }
}

type AuthGroup = 'login' | 'password' | 'register' | 'code';

/**
 * Groups counted per account too. A per-account limit on a password check would let anyone lock
 * the owner out by guessing (issue 11, finding 5); there the failure count in login_failures asks
 * for a captcha after 3 failures instead. Register and code sends keep theirs: they protect the
 * address's owner from mail and SMS floods and never stop a password login.
 */
const PER_ACCOUNT: Record<AuthGroup, boolean> = { login: false, password: false, register: true, code: true };

/** The account a request is about, normalized, or '' when it names none. */
function accountOf(req: FastifyRequest): string {
  const body = (req.body ?? {}) as { account?: unknown; email?: unknown; phone?: unknown };
  const raw = [body.account, body.email, body.phone].find((v) => typeof v === 'string') as string | undefined;
  if (!raw) return '';
  const kind = accountKind(raw);
  return kind ? normalizeAccount(raw, kind) : raw.trim().toLowerCase();
}

/**
 * Throttles guessing: every credential endpoint counts per client IP (req.ip, which believes
 * X-Forwarded-For only from TRUST_PROXY), so many accounts from one address get no unlimited
 * tries; one account from many addresses is held back per account (PER_ACCOUNT: a limit, or the
 * captcha of the password checks). Over the limit: 429 with the localized message (error
 * handler). Counters live in the process, or in Redis when REDIS_URL is set, so that every process
 * of a deployment counts together (ARCHITECTURE.md §1).
 */
export const rateLimits = fp(async (app: FastifyInstance) => {
  const { rateLimitPerIp, rateLimitPerAccount, redisUrl } = app.config;
  if (redisUrl) {
    // Fail closed on a Redis outage would lock every buyer out; the plugin's skipOnError lets
    // requests through while Redis is down and the error is logged.
    const redis = new Redis(redisUrl, {
      lazyConnect: false,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    redis.on('error', (error) => app.log.warn({ err: error }, 'rate limit store unavailable'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    await app.register(rateLimit, { global: false, redis, skipOnError: true, nameSpace: 'shop-rl:' });
  } else {
    await app.register(rateLimit, { global: false });
  }

  const check = async (
    limits: ReturnType<FastifyInstance['createRateLimit']>[],
    req: FastifyRequest,
    reply: FastifyReply,
  ) => {
    for (const limit of limits) {
      const result = await limit(req);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError(429, 'too_many_requests');
      }
    }
  };

  const perIp = (group: string) =>
    app.createRateLimit({
      max: rateLimitPerIp,
      timeWindow: 60_000,
      keyGenerator: (req) => `${group}:ip:${req.ip}`,
    });

  app.decorate('authLimits', (group: AuthGroup) => {
    // Two counters on one request: the plugin's own route handler stops after the first, so the
    // raw checks of createRateLimit are combined here, each under its own key.
    const limits = [perIp(group)];
    if (PER_ACCOUNT[group])
      limits.push(
        app.createRateLimit({
          max: rateLimitPerAccount,
          timeWindow: 10 * 60_000,
          keyGenerator: (req) => `${group}:account:${accountOf(req)}`,
        }),
      );
    const handler: preHandlerAsyncHookHandler = (req, reply) => check(limits, req, reply);
    return [handler];
  });

  app.decorate('addressLimit', (group: string) => {
    const limits = [perIp(group)];
    const handler: preHandlerAsyncHookHandler = (req, reply) => check(limits, req, reply);
    return handler;
  });

  // Codes are guessable like passwords (decision 071): every request with one counts, per address
  // (RATE_LIMIT_PER_IP a minute, all three code endpoints together) and per buyer (three times
  // RATE_LIMIT_PER_ACCOUNT in ten minutes: 30 by default, more than a buyer trying a code at the
  // cart and at checkout needs, a handful of guesses against codes of 8 letters out of 31).
  // One pair of counters for every endpoint that takes a code, so that guesses spread over them
  // count together.
  let codeLimits: ReturnType<FastifyInstance['createRateLimit']>[] | undefined;
  app.decorate('codeLimit', () => {
    const limits = (codeLimits ??= [
      perIp('coupon'),
      app.createRateLimit({
        max: rateLimitPerAccount * 3,
        timeWindow: 10 * 60_000,
        keyGenerator: (req) => `coupon:user:${req.user?.id ?? req.ip}`,
      }),
    ]);
    const handler: preHandlerAsyncHookHandler = async (req, reply) => {
      const body = (req.body ?? {}) as { coupon_code?: unknown; code?: unknown };
      const code = typeof body.coupon_code === 'string' ? body.coupon_code : body.code;
      if (typeof code === 'string' && code.trim() !== '') await check(limits, req, reply);
    };
    return handler;
  });

  app.decorate('userLimit', (group: string, max: number, windowMs: number) => {
    const perUser = app.createRateLimit({
      max,
      timeWindow: windowMs,
      keyGenerator: (req) => `${group}:user:${req.user?.id ?? req.ip}`,
    });
    const handler: preHandlerAsyncHookHandler = (req, reply) => check([perUser], req, reply);
    return handler;
  });
});

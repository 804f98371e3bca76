import { randomUUID } from 'node:crypto';
import { type Currency, type Locale, parseCurrency, parseLocale } from '@shop/domain/locale';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    currency: Currency;
    /** The bare token of the Authorization header, or '' (SPEC §7 sends it bare). */
    token: string;
  }
}

/** A caller's X-Request-Id worth logging: short, and nothing that could forge a log line. */
const SAFE_CORRELATION_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The request id is always the shop's own (issue 29): a caller's X-Request-Id once became the id
 * of the audit log's rows, so a client could make its writes look like another request's. A
 * caller's sane X-Request-Id is only logged, as `correlation_id` (decision 057).
 */
export function genRequestId(): string {
  return randomUUID();
}

/** The caller's X-Request-Id when it is safe to log, else undefined. */
export function correlationIdOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const incoming = headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_CORRELATION_ID.test(incoming) ? incoming : undefined;
}

export function tokenOf(header: string | undefined): string {
  if (!header) return '';
  const value = header.trim();
  return value.toLowerCase().startsWith('bearer ') ? value.slice(7).trim() : value;
}

/** Locale, Currency and Authorization headers (SPEC §7, defaults of SPEC §9), and the request id. */
export const requestContext = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', 'zh-CN');
  app.decorateRequest('currency', 'CNY');
  app.decorateRequest('token', '');
  app.addHook('onRequest', async (req: FastifyRequest, reply) => {
    req.locale = parseLocale(req.headers['locale']);
    req.currency = parseCurrency(req.headers['currency']);
    req.token = tokenOf(req.headers.authorization);
    const correlationId = correlationIdOf(req.headers);
    if (correlationId) req.log = req.log.child({ correlation_id: correlationId });
    reply.header('x-request-id', req.id);
    // JSON never needs the document headers helmet sets on pages (web-ssr.ts); this one it does.
    reply.header('x-content-type-options', 'nosniff');
  });
});

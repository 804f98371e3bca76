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

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Keeps a caller's X-Request-Id when it is sane (for tracing through a proxy), else makes one. */
export function genRequestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
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
    reply.header('x-request-id', req.id);
    // JSON never needs the document headers helmet sets on pages (web-ssr.ts); this one it does.
    reply.header('x-content-type-options', 'nosniff');
  });
});

import type { Envelope } from '@shop/contract/envelope';
import type { FastifyRequest } from 'fastify';
import { translate } from './messages.ts';

/** The success envelope of ARCHITECTURE.md §4. */
export function ok<T>(req: FastifyRequest, data: T): Envelope<T> {
  return { code: 200, msg: translate(req.locale, 'ok'), data };
}

/**
 * The success envelope of a public read, through the app's short-lived read cache (decision 013),
 * keyed by route, validated query, language and currency.
 */
export async function okCached<T>(req: FastifyRequest, load: () => Promise<T>): Promise<Envelope<T>> {
  const key = `${req.routeOptions.url}|${JSON.stringify(req.query ?? {})}|${req.locale}|${req.currency}`;
  return ok(req, await req.server.readCache.get(key, load));
}

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
  const cache = req.server.readCache;
  if (cache.ttlMs <= 0) return ok(req, await load());
  const key = `${req.routeOptions.url}|${JSON.stringify(req.query ?? {})}|${req.locale}|${req.currency}`;
  // The whole envelope is kept (the key holds the language of its msg), so every hit answers with
  // the same object, and the serializer writes its JSON once per entry (serializer.ts).
  return cache.get(key, async () => {
    const envelope = ok(req, await load());
    shared.add(envelope);
    return envelope;
  });
}

/** Envelopes of the read cache: shared by every request that hits them, never changed. */
const shared = new WeakSet<object>();

export function isSharedEnvelope(value: unknown): value is object {
  return typeof value === 'object' && value !== null && shared.has(value);
}

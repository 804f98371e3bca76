import type { EndpointName } from '@shop/contract/endpoints';
import { type EndpointHandler, route } from '../../plugins/endpoint.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { exportRevealedCards, orderCards, revealCard, revealOrderCards } from './card-keys.service.ts';

/** Reveals per user per minute: enough to copy a batch, not to scrape. */
const REVEALS_PER_MINUTE = 60;
/** Whole orders revealed per user per minute (each answer holds all of that order's keys). */
const ORDER_REVEALS_PER_MINUTE = 20;
/** CSV exports per user per hour: each decrypts and records up to EXPORT_MAX_KEYS keys. */
const EXPORTS_PER_HOUR = 20;

/** Card keys are secrets: no cache may keep an answer that lists or reveals them. */
const noStore =
  <K extends EndpointName>(handler: EndpointHandler<K>): EndpointHandler<K> =>
  async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return handler(req, reply);
  };

export const fulfilmentRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    'orderCards',
    noStore(async (req) => ok(req, await orderCards(app.db, userOf(req), req.query, req.locale))),
  );

  /** A reveal decrypts secrets for the buyer: limited per buyer per minute so that it cannot scrape. */
  const revealRoute = <K extends EndpointName>(
    name: K,
    limit: { key: string; perMinute: number },
    handler: EndpointHandler<K>,
  ) => route(app, name, noStore(handler), { preHandler: app.userLimit(limit.key, limit.perMinute, 60_000) });

  revealRoute('cardReveal', { key: 'reveal', perMinute: REVEALS_PER_MINUTE }, async (req) =>
    ok(req, await revealCard(app.db, app.cardCipher, userOf(req), req.body.id, req.ip)),
  );
  revealRoute('cardRevealAll', { key: 'reveal_all', perMinute: ORDER_REVEALS_PER_MINUTE }, async (req) =>
    ok(req, await revealOrderCards(app.db, app.cardCipher, userOf(req), req.body.oid, req.ip)),
  );

  route(
    app,
    'cardExport',
    async (req, reply) => {
      const file = await exportRevealedCards(app.db, app.cardCipher, userOf(req), {
        locale: req.locale,
        tz: req.query.tz,
        ip: req.ip,
      });
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-card-count', String(file.count))
        .type('text/csv; charset=utf-8')
        .send(file.body);
    },
    { preHandler: app.userLimit('card_export', EXPORTS_PER_HOUR, 60 * 60_000) },
  );
};

import { envelope } from '@shop/contract/envelope';
import {
  cardExportQuery,
  cardListQuery,
  cardPage,
  revealBody,
  revealedCard,
  revealedOrderCards,
  revealOrderBody,
} from '@shop/contract/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { exportRevealedCards, orderCards, revealCard, revealOrderCards } from './fulfilment.service.ts';

/** Reveals per user per minute: enough to copy a batch, not to scrape. */
const REVEALS_PER_MINUTE = 60;
/** Whole orders revealed per user per minute (each answer holds all of that order's keys). */
const ORDER_REVEALS_PER_MINUTE = 20;
/** CSV exports per user per hour: each decrypts and records up to EXPORT_MAX_KEYS keys. */
const EXPORTS_PER_HOUR = 20;

export const fulfilmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/front/order/card',
    {
      preValidation: app.requireUser,
      schema: {
        tags: ['order'],
        security: [{ token: [] }],
        summary:
          'Your delivered card keys without their secrets: one order\u2019s with oid, else all of them, newest first (reveal to see a secret)',
        querystring: cardListQuery,
        response: { 200: envelope(cardPage) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(req, await orderCards(app.db, userOf(req), req.query, req.locale));
    },
  );

  app.post(
    '/api/front/order/card/reveal',
    {
      preValidation: app.requireUser,
      preHandler: app.userLimit('reveal', REVEALS_PER_MINUTE, 60_000),
      schema: {
        tags: ['order'],
        security: [{ token: [] }],
        summary: 'The secret of one of your delivered card keys; every reveal is recorded',
        body: revealBody,
        response: { 200: envelope(revealedCard) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(req, await revealCard(app.db, app.cardCipher, userOf(req), req.body.id, req.ip));
    },
  );

  app.post(
    '/api/front/order/card/reveal_all',
    {
      preValidation: app.requireUser,
      preHandler: app.userLimit('reveal_all', ORDER_REVEALS_PER_MINUTE, 60_000),
      schema: {
        tags: ['order'],
        security: [{ token: [] }],
        summary: 'The secrets of every delivered card key of one of your orders; each reveal is recorded',
        body: revealOrderBody,
        response: { 200: envelope(revealedOrderCards) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(req, await revealOrderCards(app.db, app.cardCipher, userOf(req), req.body.oid, req.ip));
    },
  );

  app.get(
    '/api/front/order/card/export',
    {
      preValidation: app.requireUser,
      preHandler: app.userLimit('card_export', EXPORTS_PER_HOUR, 60 * 60_000),
      schema: {
        tags: ['order'],
        security: [{ token: [] }],
        summary:
          'Your card keys revealed before, newest first, as CSV for spreadsheets (UTF-8 with BOM); each is recorded as a reveal',
        querystring: cardExportQuery,
        response: {
          200: {
            description: 'CSV: order number, delivery time, goods, option, card key',
            content: { 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
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
  );
};

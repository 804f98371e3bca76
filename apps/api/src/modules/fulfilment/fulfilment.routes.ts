import { envelope } from '@shop/contract/envelope';
import { cardListQuery, cardPage, revealBody, revealedCard } from '@shop/contract/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { orderCards, revealCard } from './fulfilment.service.ts';

/** Reveals per user per minute: enough to copy a batch, not to scrape. */
const REVEALS_PER_MINUTE = 60;

export const fulfilmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/front/order/card',
    {
      preValidation: app.requireUser,
      schema: {
        tags: ['order'],
        security: [{ token: [] }],
        summary:
          'The delivered card keys of one of your orders, without their secrets (reveal them one by one)',
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
};

import { envelope } from '@shop/contract/envelope';
import { balanceLogQuery, ledgerPage } from '@shop/contract/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { balanceLog, dayRange } from './wallet.service.ts';

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/front/user/balanceLog',
    {
      preValidation: app.requireUser,
      schema: {
        tags: ['wallet'],
        security: [{ token: [] }],
        summary:
          'Your balance ledger, newest first, in CNY: filter by type and by days (from/to, YYYY-MM-DD in UTC+8, both inclusive)',
        querystring: balanceLogQuery,
        response: { 200: envelope(ledgerPage) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { from, to, ...rest } = req.query;
      return ok(
        req,
        await balanceLog(app.db, userOf(req).id, { ...rest, ...dayRange(from, to) }, req.locale),
      );
    },
  );
};

import { route } from '../../plugins/endpoint.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { balanceLog, dayRange } from './wallet.service.ts';

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'balanceLog', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const { from, to, ...rest } = req.query;
    return ok(req, await balanceLog(app.db, userOf(req).id, { ...rest, ...dayRange(from, to) }, req.locale));
  });
};

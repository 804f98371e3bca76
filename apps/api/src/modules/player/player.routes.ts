import { route } from '../../plugins/endpoint.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { forgetPlayer, recentPlayers } from './player.service.ts';

export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, 'playerRecent', async (req) =>
    ok(req, await recentPlayers(app.db, userOf(req).id, req.query.goods_id, req.locale)),
  );

  route(app, 'playerRecentRemove', async (req) => {
    await forgetPlayer(app.db, userOf(req).id, req.body.id);
    return ok(req, null);
  });
};

import { envelope } from '@shop/contract/envelope';
import {
  forgetPlayerBody,
  recentPlayers as recentPlayersData,
  recentPlayersQuery,
} from '@shop/contract/player';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { forgetPlayer, recentPlayers } from './player.service.ts';

const tags = ['player'];
const security = [{ token: [] }];

export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/front/player/recent',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Your game accounts of one direct top-up goods, most recently ordered first (at most 5): server, player id and the nickname the supplier gave',
        querystring: recentPlayersQuery,
        response: { 200: envelope(recentPlayersData) },
      },
    },
    async (req) => ok(req, await recentPlayers(app.db, userOf(req).id, req.query.goods_id, req.locale)),
  );

  app.post(
    '/api/front/player/recent/remove',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Forget one of your remembered game accounts (another buyer’s id: 404)',
        body: forgetPlayerBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await forgetPlayer(app.db, userOf(req).id, req.body.id);
      return ok(req, null);
    },
  );
};

import { route } from '../../plugins/endpoint.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { closeTicket, createTicket, replyTicket, ticketDetail, ticketList } from './support.service.ts';

/** New tickets per user per hour. */
const TICKETS_PER_HOUR = 10;

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, 'supportList', async (req) => ok(req, await ticketList(app.db, userOf(req), req.query)));

  route(app, 'supportCreate', async (req) => ok(req, await createTicket(app.db, userOf(req), req.body)), {
    preHandler: app.userLimit('support', TICKETS_PER_HOUR, 60 * 60_000),
  });

  route(app, 'supportDetail', async (req) => ok(req, await ticketDetail(app.db, userOf(req), req.query.id)));

  route(app, 'supportReply', async (req) => {
    await replyTicket(app.db, userOf(req), req.body.id, req.body.body);
    return ok(req, await ticketDetail(app.db, userOf(req), req.body.id));
  });

  route(app, 'supportClose', async (req) => {
    await closeTicket(app.db, userOf(req), req.body.id);
    return ok(req, await ticketDetail(app.db, userOf(req), req.body.id));
  });
};

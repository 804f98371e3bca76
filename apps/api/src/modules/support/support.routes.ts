import { envelope } from '@shop/contract/envelope';
import {
  closeTicketBody,
  createTicketBody,
  replyTicketBody,
  ticketDetail as ticketDetailData,
  ticketIdQuery,
  ticketListQuery,
  ticketPage,
} from '@shop/contract/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { closeTicket, createTicket, replyTicket, ticketDetail, ticketList } from './support.service.ts';

const tags = ['support'];
const security = [{ token: [] }];
/** New tickets per user per hour. */
const TICKETS_PER_HOUR = 10;

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/front/support/list',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Your tickets, latest activity first',
        querystring: ticketListQuery,
        response: { 200: envelope(ticketPage) },
      },
    },
    async (req) => ok(req, await ticketList(app.db, userOf(req), req.query)),
  );

  app.post(
    '/api/front/support/create',
    {
      preValidation: app.requireUser,
      preHandler: app.userLimit('support', TICKETS_PER_HOUR, 60 * 60_000),
      schema: {
        tags,
        security,
        summary: 'Open a ticket, in general or about one of your orders (oid); at most 10 an hour',
        body: createTicketBody,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (req) => ok(req, await createTicket(app.db, userOf(req), req.body)),
  );

  app.get(
    '/api/front/support/detail',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'One of your tickets with its messages',
        querystring: ticketIdQuery,
        response: { 200: envelope(ticketDetailData) },
      },
    },
    async (req) => ok(req, await ticketDetail(app.db, userOf(req), req.query.id)),
  );

  app.post(
    '/api/front/support/reply',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Write to one of your tickets (it becomes open again); a closed ticket takes no messages',
        body: replyTicketBody,
        response: { 200: envelope(ticketDetailData) },
      },
    },
    async (req) => {
      await replyTicket(app.db, userOf(req), req.body.id, req.body.body);
      return ok(req, await ticketDetail(app.db, userOf(req), req.body.id));
    },
  );

  app.post(
    '/api/front/support/close',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Close one of your tickets',
        body: closeTicketBody,
        response: { 200: envelope(ticketDetailData) },
      },
    },
    async (req) => {
      await closeTicket(app.db, userOf(req), req.body.id);
      return ok(req, await ticketDetail(app.db, userOf(req), req.body.id));
    },
  );
};

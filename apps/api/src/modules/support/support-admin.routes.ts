import type { FastifyInstance } from 'fastify';
import { actorOf, adminRoute } from '../../plugins/admin-endpoint.ts';
import { ok } from '../../plugins/envelope.ts';
import {
  adminTicketClose,
  adminTicketDetail,
  adminTicketList,
  adminTicketReply,
  cannedReplies,
  createCannedReply,
  deleteCannedReply,
  updateCannedReply,
} from './support-admin.service.ts';

/** The console's support endpoints (issue 15): registered with adminRoute from the admin table. */
export async function supportAdminRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  adminRoute(app, 'ticketList', async (req) => ok(req, await adminTicketList(db, req.query)));
  adminRoute(app, 'ticketDetail', async (req) => ok(req, await adminTicketDetail(db, req.query.id)));
  adminRoute(app, 'ticketReply', async (req) => ok(req, await adminTicketReply(db, actorOf(req), req.body)));
  adminRoute(app, 'ticketClose', async (req) =>
    ok(req, await adminTicketClose(db, actorOf(req), req.body.id)),
  );
  adminRoute(app, 'cannedList', async (req) => ok(req, await cannedReplies(db)));
  adminRoute(app, 'cannedCreate', async (req) =>
    ok(req, await createCannedReply(db, actorOf(req), req.body)),
  );
  adminRoute(app, 'cannedUpdate', async (req) => {
    const { id, ...patch } = req.body;
    return ok(req, await updateCannedReply(db, actorOf(req), id, patch));
  });
  adminRoute(app, 'cannedDelete', async (req) =>
    ok(req, await deleteCannedReply(db, actorOf(req), req.body.id)),
  );
}

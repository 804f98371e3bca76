import type { FastifyInstance } from 'fastify';
import { actorOf, adminRoute } from '../../plugins/admin-endpoint.ts';
import { ok } from '../../plugins/envelope.ts';
import {
  adjustBalance,
  buyerDetail,
  buyerLedgerPage,
  listBuyersPage,
  setBuyerUsable,
} from './buyer-admin.service.ts';

/** The console's buyers endpoints (issue 15): registered with adminRoute from the admin table. */
export async function buyerAdminRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  adminRoute(app, 'buyersList', async (req) => ok(req, await listBuyersPage(db, req.query)));
  adminRoute(app, 'buyerDetail', async (req) => ok(req, await buyerDetail(db, req.query.id)));
  adminRoute(app, 'buyerLedger', async (req) => ok(req, await buyerLedgerPage(db, req.query)));
  adminRoute(app, 'buyerDisable', async (req) =>
    ok(req, await setBuyerUsable(db, actorOf(req), req.body, 0)),
  );
  adminRoute(app, 'buyerEnable', async (req) => ok(req, await setBuyerUsable(db, actorOf(req), req.body, 1)));
  adminRoute(app, 'buyerAdjustBalance', async (req) =>
    ok(req, await adjustBalance(db, actorOf(req), req.body)),
  );
}

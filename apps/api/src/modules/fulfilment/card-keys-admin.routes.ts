import type { FastifyInstance } from 'fastify';
import { actorOf, adminRoute } from '../../plugins/admin-endpoint.ts';
import { ok } from '../../plugins/envelope.ts';
import {
  importKeyBatch,
  listCardGoodsPage,
  listKeysPage,
  revealKey,
  stockPage,
  voidKey,
} from './card-keys-admin.service.ts';

/** The console's keys endpoints (issue 14): registered with adminRoute from the admin table. */
export async function cardKeysAdminRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const cipher = app.cardCipher;

  adminRoute(app, 'keysGoods', async (req) => ok(req, await listCardGoodsPage(db, req.query)));
  adminRoute(app, 'keysStock', async (req) => {
    const { goods_id, low, ...page } = req.query;
    return ok(req, await stockPage(db, { goodsId: goods_id, low: low === 1 }, page));
  });
  adminRoute(app, 'keysList', async (req) => ok(req, await listKeysPage(db, cipher, req.query)));
  adminRoute(app, 'keysImport', async (req) =>
    ok(req, await importKeyBatch(db, cipher, actorOf(req), req.body)),
  );
  adminRoute(app, 'keysReveal', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(req, await revealKey(db, cipher, actorOf(req), req.body.id));
  });
  adminRoute(app, 'keysVoid', async (req) => ok(req, await voidKey(db, cipher, actorOf(req), req.body.id)));
}

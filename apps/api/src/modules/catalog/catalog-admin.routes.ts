import type { FastifyInstance } from 'fastify';
import { actorOf, adminRoute } from '../../plugins/admin-endpoint.ts';
import { ok } from '../../plugins/envelope.ts';
import { setGoodsOnSaleMany } from './goods-batch.service.ts';
import {
  categoryTree,
  createCategory,
  createGoods,
  goodsDetail,
  listGoods,
  removeCategory,
  setGoodsOnSale,
  updateCategory,
  updateGoods,
} from './catalog-admin.service.ts';

/**
 * The console's catalog endpoints (issue 14). After a write this process's read cache is emptied
 * at once; other processes (and the buyers' page cache) catch up within CACHE_TTL_MS, which the
 * reads hand to the console so it can say so.
 */
export async function catalogAdminRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const ttl = app.config.cacheTtlMs;
  /** A catalog write's answer, after which buyers' reads here are fresh. */
  const written = <T>(data: T): T => {
    app.readCache.clear();
    return data;
  };

  adminRoute(app, 'catalogCategoryList', async (req) =>
    ok(req, { list: await categoryTree(db), cache_ttl_ms: ttl }),
  );
  adminRoute(app, 'catalogCategoryCreate', async (req) =>
    ok(req, written(await createCategory(db, actorOf(req), req.body))),
  );
  adminRoute(app, 'catalogCategoryUpdate', async (req) =>
    ok(req, written(await updateCategory(db, actorOf(req), req.body))),
  );
  adminRoute(app, 'catalogCategoryRemove', async (req) =>
    ok(req, written(await removeCategory(db, actorOf(req), req.body.id))),
  );
  adminRoute(app, 'catalogGoodsList', async (req) => ok(req, await listGoods(db, req.query)));
  adminRoute(app, 'catalogGoodsDetail', async (req) => ok(req, await goodsDetail(db, req.query.id, ttl)));
  adminRoute(app, 'catalogGoodsCreate', async (req) =>
    ok(req, written(await createGoods(db, actorOf(req), req.body, ttl))),
  );
  adminRoute(app, 'catalogGoodsUpdate', async (req) =>
    ok(req, written(await updateGoods(db, actorOf(req), req.body, ttl))),
  );
  adminRoute(app, 'catalogGoodsSale', async (req) => {
    const { id, on_sale } = await setGoodsOnSale(db, actorOf(req), req.body);
    return ok(req, written({ id, on_sale }));
  });
  adminRoute(app, 'goodsBatchSale', async (req) =>
    ok(
      req,
      written(await setGoodsOnSaleMany(db, actorOf(req), req.body, { locale: req.locale, log: req.log })),
    ),
  );
}

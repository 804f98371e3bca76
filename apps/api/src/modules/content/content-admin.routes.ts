import type { FastifyInstance } from 'fastify';
import { actorOf, adminRoute } from '../../plugins/admin-endpoint.ts';
import { ok } from '../../plugins/envelope.ts';
import { buyerCacheSeconds } from '../site/site-admin.service.ts';
import {
  createArticle,
  createBanner,
  createLink,
  createModule,
  createZone,
  deleteArticle,
  deleteBanner,
  deleteLink,
  deleteModule,
  deleteZone,
  getArticle,
  listArticles,
  listBanners,
  listLinks,
  listModules,
  listZones,
  ownedGoods,
  reorder,
  searchGoodsToPick,
  setOwnedGoods,
  updateArticle,
  updateBanner,
  updateLink,
  updateModule,
  updateZone,
} from './content-admin.service.ts';

/** The console's content endpoints (issue 14): registered with adminRoute from the admin table. */
export async function contentAdminRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const ttl = { cache_ttl_seconds: buyerCacheSeconds(app.config.cacheTtlMs) };
  /** A write's answer, after this process's read cache is emptied (others expire within the TTL). */
  const changed = async <T>(work: Promise<T>): Promise<T> => {
    const result = await work;
    app.readCache.clear();
    return result;
  };

  adminRoute(app, 'contentGoodsSearch', async (req) => ok(req, await searchGoodsToPick(db, req.query)));

  adminRoute(app, 'bannerList', async (req) => ok(req, { ...(await listBanners(db, req.query)), ...ttl }));
  adminRoute(app, 'bannerCreate', async (req) =>
    ok(req, await changed(createBanner(db, actorOf(req), req.body))),
  );
  adminRoute(app, 'bannerUpdate', async (req) => {
    const { id, ...patch } = req.body;
    return ok(req, await changed(updateBanner(db, actorOf(req), id, patch)));
  });
  adminRoute(app, 'bannerDelete', async (req) =>
    ok(req, await changed(deleteBanner(db, actorOf(req), req.body.id))),
  );
  adminRoute(app, 'bannerReorder', async (req) =>
    ok(req, await changed(reorder(db, actorOf(req), 'banner', req.body.ids))),
  );

  adminRoute(app, 'moduleList', async (req) => ok(req, { ...(await listModules(db, req.query)), ...ttl }));
  adminRoute(app, 'moduleCreate', async (req) =>
    ok(req, await changed(createModule(db, actorOf(req), req.body))),
  );
  adminRoute(app, 'moduleUpdate', async (req) => {
    const { id, ...patch } = req.body;
    return ok(req, await changed(updateModule(db, actorOf(req), id, patch)));
  });
  adminRoute(app, 'moduleDelete', async (req) =>
    ok(req, await changed(deleteModule(db, actorOf(req), req.body.id))),
  );
  adminRoute(app, 'moduleReorder', async (req) =>
    ok(req, await changed(reorder(db, actorOf(req), 'module', req.body.ids))),
  );
  adminRoute(app, 'moduleGoods', async (req) => ok(req, await ownedGoods(db, 'module', req.query.id)));
  adminRoute(app, 'moduleGoodsSet', async (req) =>
    ok(req, await changed(setOwnedGoods(db, actorOf(req), 'module', req.body.id, req.body.goods_ids))),
  );

  adminRoute(app, 'zoneList', async (req) => ok(req, { ...(await listZones(db, req.query)), ...ttl }));
  adminRoute(app, 'zoneCreate', async (req) =>
    ok(req, await changed(createZone(db, actorOf(req), req.body))),
  );
  adminRoute(app, 'zoneUpdate', async (req) => {
    const { id, ...patch } = req.body;
    return ok(req, await changed(updateZone(db, actorOf(req), id, patch)));
  });
  adminRoute(app, 'zoneDelete', async (req) =>
    ok(req, await changed(deleteZone(db, actorOf(req), req.body.id))),
  );
  adminRoute(app, 'zoneReorder', async (req) =>
    ok(req, await changed(reorder(db, actorOf(req), 'zone', req.body.ids))),
  );
  adminRoute(app, 'zoneGoods', async (req) => ok(req, await ownedGoods(db, 'zone', req.query.id)));
  adminRoute(app, 'zoneGoodsSet', async (req) =>
    ok(req, await changed(setOwnedGoods(db, actorOf(req), 'zone', req.body.id, req.body.goods_ids))),
  );

  adminRoute(app, 'articleList', async (req) => ok(req, { ...(await listArticles(db, req.query)), ...ttl }));
  adminRoute(app, 'articleDetail', async (req) => ok(req, await getArticle(db, req.query.id)));
  adminRoute(app, 'articleCreate', async (req) =>
    ok(req, await changed(createArticle(db, actorOf(req), req.body))),
  );
  adminRoute(app, 'articleUpdate', async (req) => {
    const { id, ...patch } = req.body;
    return ok(req, await changed(updateArticle(db, actorOf(req), id, patch)));
  });
  adminRoute(app, 'articleDelete', async (req) =>
    ok(req, await changed(deleteArticle(db, actorOf(req), req.body.id))),
  );

  adminRoute(app, 'linkList', async (req) => ok(req, { ...(await listLinks(db, req.query)), ...ttl }));
  adminRoute(app, 'linkCreate', async (req) =>
    ok(req, await changed(createLink(db, actorOf(req), req.body))),
  );
  adminRoute(app, 'linkUpdate', async (req) => {
    const { id, ...patch } = req.body;
    return ok(req, await changed(updateLink(db, actorOf(req), id, patch)));
  });
  adminRoute(app, 'linkDelete', async (req) =>
    ok(req, await changed(deleteLink(db, actorOf(req), req.body.id))),
  );
  adminRoute(app, 'linkReorder', async (req) =>
    ok(req, await changed(reorder(db, actorOf(req), 'link', req.body.ids))),
  );
}

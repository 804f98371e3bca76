import { route } from '../../plugins/endpoint.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okCached } from '../../plugins/envelope.ts';
import {
  checkPlayer,
  getCategoryGoods,
  getCategoryTree,
  getGoodsDetail,
  searchGoods,
} from './catalog.service.ts';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'categoryList', async (req) => okCached(req, () => getCategoryTree(app.db, req.locale)));

  route(app, 'categoryGoods', async (req) => okCached(req, () => getCategoryGoods(app.db, req.query, req)));

  route(app, 'goodsDetail', async (req) => okCached(req, () => getGoodsDetail(app.db, req.query.id, req)));

  route(app, 'goodsSearch', async (req) => okCached(req, () => searchGoods(app.db, req.query, req)));

  route(app, 'goodsPlayer', async (req) =>
    ok(req, await checkPlayer(app.db, app.supplier, req.query, req.locale)),
  );
};

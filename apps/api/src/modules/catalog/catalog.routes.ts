import {
  categoryGoods,
  categoryGoodsQuery,
  categoryTree,
  goodsDetail,
  goodsPage,
  idQuery,
  playerInfo,
  playerQuery,
  searchQuery,
} from '@shop/contract/catalog';
import { envelope } from '@shop/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okCached } from '../../plugins/envelope.ts';
import {
  checkPlayer,
  getCategoryGoods,
  getCategoryTree,
  getGoodsDetail,
  searchGoods,
} from './catalog.service.ts';

const tags = ['catalog'];

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/front/category/list',
    {
      schema: {
        tags,
        summary: 'Category tree, in the request language',
        response: { 200: envelope(categoryTree) },
      },
    },
    async (req) => okCached(req, () => getCategoryTree(app.db, req.locale)),
  );

  app.get(
    '/api/front/category/goods',
    {
      schema: {
        tags,
        summary: 'A category with the goods of it and its subcategories, paged and sorted',
        querystring: categoryGoodsQuery,
        response: { 200: envelope(categoryGoods) },
      },
    },
    async (req) => okCached(req, () => getCategoryGoods(app.db, req.query, req)),
  );

  app.get(
    '/api/front/goods/detail',
    {
      schema: {
        tags,
        summary:
          'Goods with its SKUs or face values, prices in the request currency, stock state and servers',
        querystring: idQuery,
        response: { 200: envelope(goodsDetail) },
      },
    },
    async (req) => okCached(req, () => getGoodsDetail(app.db, req.query.id, req)),
  );

  app.get(
    '/api/front/goods/search',
    {
      schema: {
        tags,
        summary: 'Search goods by keyword (zh-CN and en; substring match, so Chinese needs no spaces)',
        querystring: searchQuery,
        response: { 200: envelope(goodsPage) },
      },
    },
    async (req) => okCached(req, () => searchGoods(app.db, req.query, req)),
  );

  app.get(
    '/api/front/goods/player',
    {
      schema: {
        tags,
        summary: 'Check a player id on a server of a direct top-up game; 404 when not found',
        querystring: playerQuery,
        response: { 200: envelope(playerInfo) },
      },
    },
    async (req) => ok(req, await checkPlayer(app.db, app.supplier, req.query, req.locale)),
  );
};

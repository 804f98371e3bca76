import {
  customModule,
  customModuleGoodsQuery,
  customModuleQuery,
  goodsPage,
  idQuery,
  swiperItem,
  swiperQuery,
  zoneDetail,
  zoneSummary,
} from '@shop/contract/catalog';
import {
  articleDetail,
  articleIdQuery,
  articleListQuery,
  articleSummary,
  linkList,
  regionTree,
} from '@shop/contract/content';
import { envelope, pageOf } from '@shop/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okCached } from '../../plugins/envelope.ts';
import {
  getArticle,
  getArticles,
  getLinks,
  getModuleGoods,
  getModules,
  getRegionTree,
  getSwipers,
  getZone,
  getZones,
} from './content.service.ts';

const tags = ['content'];

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/front/link/list',
    {
      schema: {
        tags,
        summary: 'Footer links, in the request language',
        response: { 200: envelope(linkList) },
      },
    },
    async (req) => okCached(req, () => getLinks(app.db, req.locale)),
  );

  app.get(
    '/api/front/swiper/list',
    {
      schema: {
        tags,
        summary: 'Banners of a position (default home)',
        querystring: swiperQuery,
        response: { 200: envelope(z.array(swiperItem)) },
      },
    },
    async (req) => okCached(req, () => getSwipers(app.db, req.query.position, req.locale)),
  );

  app.get(
    '/api/front/customModule/list',
    {
      schema: {
        tags,
        summary: 'Home sections of a position (default home); their goods come from customModule/goods',
        querystring: customModuleQuery,
        response: { 200: envelope(z.array(customModule)) },
      },
    },
    async (req) => okCached(req, () => getModules(app.db, req.query.position, req.locale)),
  );

  app.get(
    '/api/front/customModule/goods',
    {
      schema: {
        tags,
        summary: 'Goods of a home section, in its order, paged',
        querystring: customModuleGoodsQuery,
        response: { 200: envelope(goodsPage) },
      },
    },
    async (req) => okCached(req, () => getModuleGoods(app.db, req.query, req)),
  );

  app.get(
    '/api/front/zone/list',
    {
      schema: {
        tags,
        summary: 'Zones (curated landing pages) that are shown',
        response: { 200: envelope(z.array(zoneSummary)) },
      },
    },
    async (req) => okCached(req, () => getZones(app.db, req.locale)),
  );

  app.get(
    '/api/front/zone/detail',
    {
      schema: {
        tags,
        summary: 'A zone (curated landing page) with its goods',
        querystring: idQuery,
        response: { 200: envelope(zoneDetail) },
      },
    },
    async (req) => okCached(req, () => getZone(app.db, req.query.id, req)),
  );

  app.get(
    '/api/front/article/list',
    {
      schema: {
        tags,
        summary: 'Articles (help and news), paged',
        querystring: articleListQuery,
        response: { 200: envelope(pageOf(articleSummary)) },
      },
    },
    async (req) => okCached(req, () => getArticles(app.db, req.query, req.locale)),
  );

  app.get(
    '/api/front/article/detail',
    {
      schema: {
        tags,
        summary: 'One article',
        querystring: articleIdQuery,
        response: { 200: envelope(articleDetail) },
      },
    },
    async (req) => okCached(req, () => getArticle(app.db, req.query.id, req.locale)),
  );

  app.get(
    '/api/front/region/list',
    {
      schema: {
        tags,
        summary: 'Regions: province → city → district',
        response: { 200: envelope(regionTree) },
      },
    },
    async (req) => okCached(req, () => getRegionTree(app.db, req.locale)),
  );
};

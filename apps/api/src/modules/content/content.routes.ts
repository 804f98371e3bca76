import { route } from '../../plugins/endpoint.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'linkList', async (req) => okCached(req, () => getLinks(app.db, req.locale)));

  route(app, 'swiperList', async (req) =>
    okCached(req, () => getSwipers(app.db, req.query.position, req.locale)),
  );

  route(app, 'customModuleList', async (req) =>
    okCached(req, () => getModules(app.db, req.query.position, req.locale)),
  );

  route(app, 'customModuleGoods', async (req) => okCached(req, () => getModuleGoods(app.db, req.query, req)));

  route(app, 'zoneList', async (req) => okCached(req, () => getZones(app.db, req.locale)));

  route(app, 'zoneDetail', async (req) => okCached(req, () => getZone(app.db, req.query.id, req)));

  route(app, 'articleList', async (req) => okCached(req, () => getArticles(app.db, req.query, req.locale)));

  route(app, 'articleDetail', async (req) =>
    okCached(req, () => getArticle(app.db, req.query.id, req.locale)),
  );

  route(app, 'regionList', async (req) => okCached(req, () => getRegionTree(app.db, req.locale)));
};

import { route } from '../../plugins/endpoint.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope.ts';
import { getSiteConfig } from './site.service.ts';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'siteConfig', async (req) => ok(req, await getSiteConfig(app.db, req.currency)));
};

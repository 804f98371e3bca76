import { envelope } from '@shop/contract/envelope';
import { siteConfig } from '@shop/contract/site-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope.ts';
import { getSiteConfig } from './site.service.ts';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/front/app/config',
    {
      schema: {
        tags: ['app'],
        summary: 'Site config (SPEC §3): logo, footer texts, support info and the five payment switches',
        response: { 200: envelope(siteConfig) },
      },
    },
    async (req) => ok(req, await getSiteConfig(app.db, req.currency)),
  );
};

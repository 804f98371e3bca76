import { linkList } from '@shop/contract/content';
import { envelope } from '@shop/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope.ts';
import { getLinks } from './content.service.ts';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/front/link/list',
    {
      schema: {
        tags: ['content'],
        summary: 'Footer links, in the request language',
        response: { 200: envelope(linkList) },
      },
    },
    async (req) => ok(req, await getLinks(app.db, req.locale)),
  );
};

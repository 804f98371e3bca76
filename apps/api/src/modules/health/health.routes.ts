import { envelope } from '@shop/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope.ts';
import { AppError } from '../../plugins/errors.ts';
import { pingDatabase } from './health.repository.ts';

const status = envelope(z.object({ status: z.literal('ok') }));

/** Liveness (/healthz: the process answers) and readiness (/readyz: the database answers). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { tags: ['ops'], summary: 'Process is up', response: { 200: status } } },
    async (req) => ok(req, { status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    { schema: { tags: ['ops'], summary: 'Database is reachable', response: { 200: status } } },
    async (req) => {
      try {
        await pingDatabase(app.db);
      } catch (err) {
        req.log.warn({ err }, 'database not ready');
        throw new AppError(503, 'unavailable');
      }
      return ok(req, { status: 'ok' as const });
    },
  );
};

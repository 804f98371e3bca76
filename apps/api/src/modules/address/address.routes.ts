import { route } from '../../plugins/endpoint.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import {
  addressList,
  createAddress,
  removeAddress,
  setDefaultAddress,
  setOrderAddress,
  updateAddress,
} from './address.service.ts';

// Login is checked before the body (preValidation): anonymous calls get 请先登录, never a field error.
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, 'addressList', async (req) =>
    ok(req, await addressList(app.db, userOf(req), req.query, req.locale)),
  );

  route(app, 'addressCreate', async (req) =>
    ok(req, await createAddress(app.db, userOf(req), req.body, req.locale)),
  );

  route(app, 'addressUpdate', async (req) =>
    ok(req, await updateAddress(app.db, userOf(req), req.body, req.locale)),
  );

  route(app, 'addressRemove', async (req) => ok(req, await removeAddress(app.db, userOf(req), req.body.id)));

  route(app, 'addressDefault', async (req) =>
    ok(req, await setDefaultAddress(app.db, userOf(req), req.body.id, req.locale)),
  );

  route(app, 'orderAddress', async (req) =>
    ok(req, await setOrderAddress(app.db, userOf(req), req.body, req.locale)),
  );
};

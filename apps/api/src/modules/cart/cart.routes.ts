import { route } from '../../plugins/endpoint.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { addToCart, cartCount, removeLines, showCart, updateLine } from './cart.service.ts';

// Login is checked before the body (preValidation): anonymous calls get 请先登录, never a field error.
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, 'cartShow', async (req) => {
    const cart = await showCart(app.db, userOf(req), { locale: req.locale, currency: req.currency });
    return {
      ...ok(req, cart.lines),
      count: cart.count,
      total_pay_price: cart.total_pay_price,
      total_cny: cart.total_cny,
      exchange_rate: cart.exchange_rate,
      currency: req.currency,
    };
  });

  route(app, 'cartCount', async (req) => ok(req, { count: await cartCount(app.db, userOf(req)) }));

  route(app, 'cartAdd', async (req) =>
    ok(req, await addToCart(app.db, app.supplier, userOf(req), req.body.items, req.body.is_buy_now)),
  );

  route(app, 'cartUpdate', async (req) =>
    ok(req, await updateLine(app.db, userOf(req), req.body.id, req.body.num)),
  );

  route(app, 'cartRemove', async (req) => {
    await removeLines(app.db, userOf(req), Array.isArray(req.body.id) ? req.body.id : [req.body.id]);
    return ok(req, null);
  });
};

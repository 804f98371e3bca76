import {
  cartAddBody,
  cartAddResult,
  cartCount as cartCountData,
  cartRemoveBody,
  cartShowResponse,
  cartUpdateBody,
  cartUpdateResult,
} from '@shop/contract/cart';
import { envelope } from '@shop/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { addToCart, cartCount, removeLines, showCart, updateLine } from './cart.service.ts';

const tags = ['cart'];
const security = [{ token: [] }];

// Login is checked before the body (preValidation): anonymous calls get 请先登录, never a field error.
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/front/goods/cart/show',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'The cart: `data` is the list of lines (newest first), priced now in the request Currency; `count` (sum of quantities) and `total_pay_price` (available lines only) sit beside it',
        response: { 200: cartShowResponse },
      },
    },
    async (req) => {
      const cart = await showCart(app.db, userOf(req), { locale: req.locale, currency: req.currency });
      return {
        ...ok(req, cart.lines),
        count: cart.count,
        total_pay_price: cart.total_pay_price,
        total_cny: cart.total_cny,
        exchange_rate: cart.exchange_rate,
        currency: req.currency,
      };
    },
  );

  app.get(
    '/api/front/goods/cart/count',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Sum of the quantities in the cart',
        response: { 200: envelope(cartCountData) },
      },
    },
    async (req) => ok(req, { count: await cartCount(app.db, userOf(req)) }),
  );

  app.post(
    '/api/front/goods/cart/add',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Add items (all or nothing). A line matching by SPEC §4 (spec_type 2: goods_id + face_value, else goods_sku_id; recharge_type 2 also player_id + server_id) grows by num, up to 99 and the stock. price, currency and server are ignored. is_buy_now 1 keeps the item on its own line, outside the cart',
        body: cartAddBody,
        response: { 200: envelope(cartAddResult) },
      },
    },
    async (req) =>
      ok(req, await addToCart(app.db, app.supplier, userOf(req), req.body.items, req.body.is_buy_now)),
  );

  app.post(
    '/api/front/goods/cart/update',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Set the quantity of one of your lines (1–99; more than the stock is refused)',
        body: cartUpdateBody,
        response: { 200: envelope(cartUpdateResult) },
      },
    },
    async (req) => ok(req, await updateLine(app.db, userOf(req), req.body.id, req.body.num)),
  );

  app.post(
    '/api/front/goods/cart/remove',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Remove one of your lines (or several: id may be a list); all or nothing',
        body: cartRemoveBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await removeLines(app.db, userOf(req), Array.isArray(req.body.id) ? req.body.id : [req.body.id]);
      return ok(req, null);
    },
  );
};

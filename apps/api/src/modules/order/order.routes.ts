import { route } from '../../plugins/endpoint.ts';
import { IDEMPOTENCY_HEADER } from '@shop/contract/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import { payClient } from '../payment/payment.service.ts';
import { ok } from '../../plugins/envelope.ts';
import {
  applyOrderCoupon,
  cancelOrder,
  createOrder,
  quoteOrder,
  type QuoteInput,
  orderDetail,
  orderList,
  payOrder,
  payStatus,
  startOrderPayment,
} from './order.service.ts';

// Login is checked before the body (preValidation): anonymous calls get 请先登录, never a field error.
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(
    app,
    'orderCreate',
    async (req) =>
      ok(
        req,
        await createOrder(
          app.db,
          userOf(req),
          req.body,
          { locale: req.locale, currency: req.currency },
          {
            idempotencyKey: req.headers[IDEMPOTENCY_HEADER],
            defaultTimeoutMinutes: app.config.orderTimeoutMinutes,
            limits: app.config.buyerLimits,
            supplier: app.supplier,
          },
        ),
      ),
    { preHandler: app.codeLimit() },
  );

  // Promotion codes (issue 31): guesses are throttled per buyer and per address (decision 071).
  route(
    app,
    'orderQuote',
    async (req) =>
      ok(
        req,
        await quoteOrder(app.db, userOf(req), req.body as QuoteInput, {
          locale: req.locale,
          currency: req.currency,
        }),
      ),
    { preHandler: app.codeLimit() },
  );

  route(
    app,
    'orderCoupon',
    async (req) => ok(req, await applyOrderCoupon(app.db, userOf(req), req.body, req.locale)),
    {
      preHandler: app.codeLimit(),
    },
  );

  route(app, 'orderList', async (req) =>
    ok(req, await orderList(app.db, userOf(req), req.query, req.locale)),
  );

  route(app, 'orderDetail', async (req) =>
    ok(req, await orderDetail(app.db, userOf(req), req.query.oid, req.locale)),
  );

  route(app, 'orderCancel', async (req) => ok(req, await cancelOrder(app.db, userOf(req), req.body.oid)));

  route(app, 'orderPay', async (req) => {
    const { oid, method, device } = req.body;
    if (method === 'balance') return ok(req, await payOrder(app.db, userOf(req), oid, method));
    return ok(
      req,
      await startOrderPayment(app.db, app.gateways, app.config, {
        user: userOf(req),
        oid,
        method,
        ...payClient(req, device),
        locale: req.locale,
      }),
    );
  });

  route(app, 'orderPayStatus', async (req) => ok(req, await payStatus(app.db, userOf(req), req.query.oid)));
};

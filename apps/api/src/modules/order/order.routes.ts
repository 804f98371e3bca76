import { envelope } from '@shop/contract/envelope';
import {
  createOrderBody,
  createOrderResult,
  IDEMPOTENCY_HEADER,
  idempotencyKey,
  oidBody,
  oidQuery,
  orderListQuery,
  orderPage,
  orderSummary,
  payBody,
  payResult,
} from '@shop/contract/order';
import { ORDER_STATUSES } from '@shop/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../plugins/auth.ts';
import { payClient, startOrderPayment } from '../payment/payment.service.ts';
import { ok } from '../../plugins/envelope.ts';
import { cancelOrder, createOrder, orderDetail, orderList, payOrder, payStatus } from './order.service.ts';

const tags = ['order'];
const security = [{ token: [] }];

// Login is checked before the body (preValidation): anonymous calls get 请先登录, never a field error.
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const timeoutMs = app.config.orderTimeoutMinutes * 60_000;
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/api/front/order/create',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Order cart lines ({ cart_ids }) or items directly ({ items }, as cart add). Prices, currency, rate and CNY equivalent are frozen; counted stock is reserved; the lines leave the cart. With an Idempotency-Key header a repeat returns the same oid (the same key with another body: 422). Unpaid orders are cancelled after ORDER_TIMEOUT_MINUTES',
        headers: z.object({ [IDEMPOTENCY_HEADER]: idempotencyKey.optional() }),
        body: createOrderBody,
        response: { 200: envelope(createOrderResult) },
      },
    },
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
            timeoutMs,
            limits: app.config.buyerLimits,
            supplier: app.supplier,
          },
        ),
      ),
  );

  app.get(
    '/api/front/order/list',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: `Your orders, newest first; status filter: ${ORDER_STATUSES.join(', ')}`,
        querystring: orderListQuery,
        response: { 200: envelope(orderPage) },
      },
    },
    async (req) => ok(req, await orderList(app.db, userOf(req), req.query, req.locale)),
  );

  app.get(
    '/api/front/order/detail',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'One of your orders',
        querystring: oidQuery,
        response: { 200: envelope(orderSummary) },
      },
    },
    async (req) => ok(req, await orderDetail(app.db, userOf(req), req.query.oid, req.locale)),
  );

  app.post(
    '/api/front/order/cancel',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Cancel one of your unpaid orders; its reserved stock is released',
        body: oidBody,
        response: { 200: envelope(z.object({ status: z.literal('cancelled') })) },
      },
    },
    async (req) => ok(req, await cancelOrder(app.db, userOf(req), req.body.oid)),
  );

  app.post(
    '/api/front/order/pay',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Pay one of your unpaid orders. balance: debited with its ledger entry in the same transaction as the status change (never below zero) → { status: "paid" }. alipay → { pay_url } (page pay, or wap pay on phones); wechat → { code_url, qr_image } (Native), or on a phone’s browser { pay_url } (H5, back to the order’s detail page); the order turns paid when the provider’s verified notification arrives (poll /order/pay/status). Each method only while its order_*_switch is on',
        body: payBody,
        response: { 200: envelope(payResult) },
      },
    },
    async (req) => {
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
    },
  );

  app.get(
    '/api/front/order/pay/status',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Payment state of one of your orders, for polling',
        querystring: oidQuery,
        response: {
          200: envelope(
            z.object({
              oid: z.string(),
              status: z.enum(ORDER_STATUSES),
              paid_at: z.number().int().nullable(),
            }),
          ),
        },
      },
    },
    async (req) => ok(req, await payStatus(app.db, userOf(req), req.query.oid)),
  );
};

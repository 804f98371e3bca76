import { route } from '../../plugins/endpoint.ts';
import { hasRefusedCharacters } from '@shop/contract/text';
import { parseDecimal } from '@shop/domain/money';
import { RECHARGE_MAX_FEN, RECHARGE_MIN_FEN } from '@shop/domain/payment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { AppError } from '../../plugins/errors.ts';
import { NOTIFY_PATHS } from './gateways.ts';
import { applyNotice, payClient, rechargeStatus as statusOf, startRecharge } from './payment.service.ts';

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { gateways } = app;

  // Provider notifications. Bodies are kept raw: WeChat Pay signs the exact bytes.
  await app.register(async (notify) => {
    notify.removeAllContentTypeParsers();
    notify.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

    notify.post(NOTIFY_PATHS.alipay, { schema: { hide: true } }, async (req, reply) => {
      reply.type('text/plain; charset=utf-8');
      const body = String(req.body ?? '');
      const notice = gateways.alipay?.verifyNotify(Object.fromEntries(new URLSearchParams(body)));
      // The body is kept as sent. Alipay percent-encodes its form, so a raw control character
      // (PostgreSQL text cannot hold NUL) makes even a signed notice unusable (issue 11).
      const refused =
        !notice || !notice.ok
          ? (notice?.reason ?? 'alipay not configured')
          : hasRefusedCharacters(body, true)
            ? 'control character in the body'
            : undefined;
      if (refused || !notice?.ok) {
        req.log.warn({ reason: refused }, 'alipay notification refused');
        return reply.code(400).send('failure');
      }
      try {
        const outcome = await applyNotice(app.db, 'alipay', notice, body);
        req.log.info({ out_trade_no: notice.outTradeNo, outcome }, 'alipay notification');
        return reply.send('success');
      } catch (error) {
        req.log.warn({ err: error, out_trade_no: notice.outTradeNo }, 'alipay notification not applied');
        return reply.code(error instanceof AppError ? 400 : 500).send('failure');
      }
    });

    notify.post(NOTIFY_PATHS.wechat, { schema: { hide: true } }, async (req, reply) => {
      const body = String(req.body ?? '');
      const fail = (status: number, message: string) =>
        reply.code(status).type('application/json').send({ code: 'FAIL', message });
      const notice = gateways.wechat?.verifyNotify(req.headers, body);
      if (!notice || !notice.ok) {
        req.log.warn({ reason: notice?.reason ?? 'wechat not configured' }, 'wechat notification refused');
        // Not from WeChat Pay: 401. Signed but unusable (numbers out of bounds, another merchant): 400.
        return fail(notice?.signed ? 400 : 401, notice?.reason ?? 'not configured');
      }
      try {
        const outcome = await applyNotice(app.db, 'wechat', notice, body);
        req.log.info({ out_trade_no: notice.outTradeNo, outcome }, 'wechat notification');
        return reply.code(204).send();
      } catch (error) {
        req.log.warn({ err: error, out_trade_no: notice.outTradeNo }, 'wechat notification not applied');
        return error instanceof AppError ? fail(400, error.key) : fail(500, 'internal error');
      }
    });
  });

  route(app, 'recharge', async (req) => {
    const amount = parseDecimal(req.body.amount, 'CNY');
    if (amount === undefined || amount < RECHARGE_MIN_FEN || amount > RECHARGE_MAX_FEN)
      throw new AppError(400, 'recharge_amount');
    return ok(
      req,
      await startRecharge(app.db, gateways, app.config, {
        user: userOf(req),
        amountCny: amount,
        method: req.body.method,
        ...payClient(req, req.body.device),
        locale: req.locale,
        returnOid: req.body.return_oid,
      }),
    );
  });

  route(app, 'rechargeStatus', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(req, await statusOf(app.db, userOf(req), req.query.no));
  });
};

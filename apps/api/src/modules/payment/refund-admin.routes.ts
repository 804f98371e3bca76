import { parseDecimal } from '@shop/domain/money';
import type { FastifyInstance } from 'fastify';
import { actorOf, adminRoute } from '../../plugins/admin-endpoint.ts';
import { ok } from '../../plugins/envelope.ts';
import { AppError } from '../../plugins/errors.ts';
import { refundOrder, retryRefund } from './refund.service.ts';

/** The console's refunds endpoints (issue 15): registered with adminRoute from the admin table. */
export async function refundAdminRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;

  adminRoute(app, 'refundCreate', async (req) => {
    const { amount, ...body } = req.body;
    const fen = parseDecimal(amount, 'CNY');
    if (fen === undefined || fen < 1) throw new AppError(400, 'refund_amount_invalid');
    return ok(req, await refundOrder(db, app.gateways, actorOf(req), { ...body, amount: fen }));
  });
  adminRoute(app, 'refundRetry', async (req) =>
    ok(req, await retryRefund(db, app.gateways, actorOf(req), req.body.id)),
  );
}

import type { FastifyInstance } from 'fastify';
import { actorOf, adminRoute } from '../../plugins/admin-endpoint.ts';
import { ok } from '../../plugins/envelope.ts';
import { noticeAmountReader, reconcile } from '../payment/reconciliation.service.ts';
import {
  cancelByOperator,
  deliverItem,
  orderDetailOf,
  ordersPage,
  retryItem,
  settleItem,
  timeBound,
} from './order-admin.service.ts';
import { cancelOrders, shipOrders, shipOrdersFromCsv } from './order-batch.service.ts';

/** The console's orders endpoints (issue 15): registered with adminRoute from the admin table. */
export async function orderAdminRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  // The keys WeChat Pay's notices are encrypted with (real, or the sandbox's), to read an amount:
  // read when used, as the console may have changed them (issue 32).
  const readAmount = () =>
    noticeAmountReader(
      app.channels.effective.wechat ??
        (app.gateways.sandboxed.wechat ? app.gateways.sandbox?.wechat : undefined),
    );

  adminRoute(app, 'ordersList', async (req) => ok(req, await ordersPage(db, req.query)));
  adminRoute(app, 'orderDetail', async (req) =>
    ok(req, await orderDetailOf(db, app.cardCipher, req.query.oid, req.locale)),
  );
  adminRoute(app, 'orderDeliver', async (req) => ok(req, await deliverItem(db, actorOf(req), req.body)));
  adminRoute(app, 'orderSettle', async (req) => ok(req, await settleItem(db, actorOf(req), req.body)));
  adminRoute(app, 'orderRetry', async (req) =>
    ok(req, await retryItem(db, actorOf(req), req.body.order_item_id)),
  );
  adminRoute(app, 'orderCancel', async (req) => ok(req, await cancelByOperator(db, actorOf(req), req.body)));
  adminRoute(app, 'ordersBatchShip', async (req) =>
    ok(req, await shipOrders(db, actorOf(req), req.body.rows, { locale: req.locale, log: req.log })),
  );
  adminRoute(app, 'ordersBatchShipCsv', async (req) =>
    ok(
      req,
      await shipOrdersFromCsv(db, actorOf(req), req.body.lines.join('\n'), {
        locale: req.locale,
        log: req.log,
      }),
    ),
  );
  adminRoute(app, 'ordersBatchCancel', async (req) =>
    ok(req, await cancelOrders(db, actorOf(req), req.body, { locale: req.locale, log: req.log })),
  );
  adminRoute(app, 'reconciliationList', async (req) =>
    ok(
      req,
      await reconcile(db, readAmount(), {
        from: timeBound(req.query.from, 'from'),
        to: timeBound(req.query.to, 'to'),
      }),
    ),
  );
}

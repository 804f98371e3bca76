import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { mayAccess } from '@shop/domain/admin';
import { adminQuiet } from '../kit/admin-api';
import { adminActions } from '../kit/actions';
import { adminLoader, useAdminMe } from '../kit/admin-loader';
import { AdminPage } from '../kit/admin-page';
import { AuditTrail } from '../kit/audit-trail';
import { OrderStatusBadge } from './parts';
import { useAdminT } from '../kit/use-admin-t';
import type { Dialog } from './order-detail-types';
import { OrderDialogs } from './order-dialogs';
import { OrderItems } from './order-items';
import { OrderMoney } from './order-money';
import { OrderPayments } from './order-payments';
import { OrderSummary } from './order-summary';

/** The writes of an order's page (its route's clientAction). */
export const orderDetailActions = adminActions([
  adminEndpoints.orderDeliver,
  adminEndpoints.orderSettle,
  adminEndpoints.orderRetry,
  adminEndpoints.orderCancel,
  adminEndpoints.refundCreate,
]);

export const orderDetailLoader = adminLoader(async ({ params }) => ({
  detail: await adminQuiet.call(adminEndpoints.orderDetail, { oid: params.oid ?? '' }),
}));

const REFUNDABLE = new Set(['paid', 'delivering', 'completed', 'failed']);

/** An order's page: its summary, items, payments, money and history, and the operator's actions. */
export function OrderDetail() {
  const { t } = useAdminT();
  const { detail } = useLoaderData<typeof orderDetailLoader>();
  const me = useAdminMe();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { order } = detail;

  const mayRefund =
    mayAccess({ role: me.role, permissions: me.permissions }, 'refunds') && REFUNDABLE.has(order.status);

  return (
    <AdminPage
      title={t('orders.detail.title', { oid: order.oid })}
      intro={
        <span className="flex flex-wrap items-center gap-3">
          <OrderStatusBadge status={order.status} />
          <Link to="/admin/orders" className="text-brand-700 hover:underline">
            {t('orders.detail.back')}
          </Link>
        </span>
      }
      actions={
        <>
          {order.status === 'pending_payment' ? (
            <button type="button" className="btn-outline" onClick={() => setDialog({ kind: 'cancel' })}>
              {t('orders.action.cancel')}
            </button>
          ) : null}
          {mayRefund ? (
            <button
              type="button"
              className="btn-outline"
              data-testid="order-refund"
              onClick={() => setDialog({ kind: 'refund' })}
            >
              {t('orders.action.refund')}
            </button>
          ) : null}
        </>
      }
    >
      <OrderSummary detail={detail} />

      <OrderItems detail={detail} onOpen={setDialog} />

      <OrderPayments detail={detail} />

      <OrderMoney detail={detail} />

      <AuditTrail objectType="order" objectId={order.oid} />

      <OrderDialogs detail={detail} dialog={dialog} onClose={() => setDialog(null)} />
    </AdminPage>
  );
}

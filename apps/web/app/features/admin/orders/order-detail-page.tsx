import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { mayAccess } from '@shop/domain/admin';
import { deliveryFailureText, isDeliveryFailureCode } from '@shop/domain/delivery-reason';
import { adminQuiet } from '../kit/admin-api';
import { adminActions } from '../kit/actions';
import { adminLoader, useAdminMe } from '../kit/admin-loader';
import { AdminPage, Panel } from '../kit/admin-page';
import { AuditTrail } from '../kit/audit-trail';
import { CancelDialog, DeliverDialog, RetryDialog, SettleDialog } from './action-dialogs';
import { Facts, money, OrderStatusBadge, SmallTable, Time } from './parts';
import { RefundDialog, type RefundTarget } from './refund-dialog';
import { useLabels } from '../kit/labels';
import { useAdminT } from '../kit/use-admin-t';

type Detail = EndpointData<typeof adminEndpoints.orderDetail>;
type Item = Detail['items'][number];

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

type Dialog =
  | { kind: 'deliver'; item: Item }
  | { kind: 'settle'; item: Item }
  | { kind: 'retry'; item: Item }
  | { kind: 'cancel' }
  | { kind: 'refund' }
  | null;

const REFUNDABLE = new Set(['paid', 'delivering', 'completed', 'failed']);

export function OrderDetail() {
  const { t, locale } = useAdminT();
  const labels = useLabels();
  const { detail } = useLoaderData<typeof orderDetailLoader>();
  const me = useAdminMe();
  const [dialog, setDialog] = useState<Dialog>(null);
  const en = locale === 'en';
  const { order, buyer } = detail;
  const nameOf = (i: Item) => `${(en ? i.goods_name_en : i.goods_name_zh) || i.goods_name_zh}`;
  const specOf = (i: Item) => (en ? i.spec_en : i.spec_zh) || i.spec_zh;

  const done = () => setDialog(null);

  const refundTarget: RefundTarget = {
    oid: order.oid,
    total_cny: order.total_cny,
    refunded_cny: order.refunded_cny,
    pay_method: order.pay_method,
    items: detail.items.map((i) => ({
      id: i.id,
      name: `${nameOf(i)} ${specOf(i)}`.trim(),
      charged_cny: i.charged_cny,
      refunded_cny: i.refunded_cny,
      keys: i.card_keys.filter((k) => k.status === 'sold').length,
    })),
  };
  const mayRefund =
    mayAccess({ role: me.role, permissions: me.permissions }, 'refunds') && REFUNDABLE.has(order.status);

  const summary: [string, React.ReactNode][] = [
    [
      t('orders.detail.buyer'),
      `${buyer.email ?? buyer.phone ?? '—'} · ID ${buyer.id}${buyer.nickname ? ` · ${buyer.nickname}` : ''}`,
    ],
    [t('orders.detail.total'), `${money(order.total_amount, order.currency)} (${order.currency})`],
    [t('orders.detail.totalCny'), money(order.total_cny)],
    [t('orders.detail.rate'), order.exchange_rate],
    [t('orders.detail.refunded'), money(order.refunded_cny)],
    [
      t('orders.col.method'),
      order.pay_method ? t(`orders.method.${order.pay_method}`) : t('orders.method.none'),
    ],
    [t('orders.detail.created'), <Time key="c" ms={order.created_at} />],
    ...(order.status === 'pending_payment'
      ? [[t('orders.detail.expires'), <Time key="e" ms={order.expires_at} />] as [string, React.ReactNode]]
      : []),
    [t('orders.detail.paid'), <Time key="p" ms={order.paid_at} />],
    ...(order.cancelled_at !== null
      ? [
          [t('orders.detail.cancelled'), <Time key="x" ms={order.cancelled_at} />] as [
            string,
            React.ReactNode,
          ],
          [
            t('orders.detail.cancelReason'),
            order.cancel_reason === 'buyer' ||
            order.cancel_reason === 'timeout' ||
            order.cancel_reason === 'operator'
              ? t(`orders.detail.cancelBy.${order.cancel_reason}`)
              : (order.cancel_reason ?? '—'),
          ] as [string, React.ReactNode],
        ]
      : []),
    [t('orders.detail.completed'), <Time key="d" ms={order.completed_at} />],
    [
      t('orders.detail.address'),
      order.address
        ? `${order.address.recipient} ${order.address.phone} · ${order.address.province} ${order.address.city} ${order.address.district} ${order.address.detail}`
        : t('orders.detail.noAddress'),
    ],
  ];

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
      <Panel title={t('orders.detail.summary')}>
        <Facts rows={summary} />
      </Panel>

      <Panel title={t('orders.detail.items')}>
        <ul className="space-y-4" data-testid="order-items">
          {detail.items.map((i) => (
            <li key={i.id} className="rounded-lg border border-stone-200 p-3" data-testid="order-item">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium text-stone-900">
                    {nameOf(i)} <span className="text-stone-500">{specOf(i)}</span> × {i.num}
                  </p>
                  <p className="text-xs text-stone-500">
                    #{i.id} · {t('orders.detail.unitPrice')} {money(i.unit_price, order.currency)} (
                    {money(i.unit_price_cny)}) · {t('orders.detail.charged')} {money(i.charged_cny)}
                    {i.refunded_cny !== '0.00'
                      ? ` · ${t('orders.detail.itemRefunded')} ${money(i.refunded_cny)}`
                      : ''}
                  </p>
                  {i.player_id ? (
                    <p className="text-xs text-stone-600">
                      {t('orders.detail.player')}: {i.player_id} · {en ? i.server_en : i.server_zh}
                      {i.player_nickname ? ` · ${i.player_nickname}` : ''}
                    </p>
                  ) : null}
                </div>
                <ItemActions item={i} onOpen={setDialog} />
              </div>
              {i.card_keys.length > 0 ? (
                <div className="mt-2 text-sm">
                  <p className="text-xs text-stone-500">
                    {t('orders.detail.cards')} ·{' '}
                    <Link to={`/admin/keys?oid=${order.oid}`} className="text-brand-700 underline">
                      {t('orders.detail.cardsLink')}
                    </Link>
                  </p>
                  <ul className="mt-1 flex flex-wrap gap-2 font-mono text-xs">
                    {i.card_keys.map((k) => (
                      <li key={k.id} className="rounded bg-stone-100 px-2 py-0.5">
                        {k.secret_masked} · {labels.status('card_key', k.status)}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <DeliveryFacts item={i} paid={order.paid_at !== null} />
            </li>
          ))}
        </ul>
      </Panel>

      <Panel title={t('orders.detail.payments')}>
        {detail.payments.length === 0 ? (
          <p className="text-sm text-stone-500">{t('orders.detail.noPayments')}</p>
        ) : (
          <ul className="space-y-3" data-testid="order-payments">
            {detail.payments.map((p) => (
              <li key={p.no} className="rounded-lg border border-stone-200 p-3 text-sm">
                <Facts
                  rows={[
                    [
                      t('orders.detail.paymentNo'),
                      <span key="n" className="font-mono">
                        {p.no}
                      </span>,
                    ],
                    [t('orders.col.method'), t(`orders.method.${p.method}`)],
                    [t('orders.detail.amount'), money(p.amount_cny)],
                    [
                      t('orders.col.status'),
                      `${labels.status('payment', p.status)}${p.outcome ? ` · ${labels.event(p.outcome)}` : ''}`,
                    ],
                    [t('orders.detail.tradeNo'), p.provider_trade_no ?? '—'],
                    [t('orders.detail.created'), <Time key="c" ms={p.created_at} />],
                    [t('orders.detail.paid'), <Time key="p" ms={p.paid_at} />],
                  ]}
                />
                <p className="mt-2 text-xs font-medium text-stone-600">{t('orders.detail.notices')}</p>
                {p.notices.length === 0 ? (
                  <p className="text-xs text-stone-500">{t('orders.detail.noNotices')}</p>
                ) : (
                  <ul className="mt-1 space-y-1">
                    {p.notices.map((n) => (
                      <li key={n.id} className="text-xs">
                        <details>
                          <summary className="cursor-pointer">
                            <Time ms={n.received_at} /> · {n.trade_no} · {labels.event(n.outcome)}
                          </summary>
                          <pre className="mt-1 max-h-48 overflow-auto rounded bg-stone-50 p-2 whitespace-pre-wrap break-all">
                            {n.body}
                          </pre>
                        </details>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel title={t('orders.detail.ledger')}>
        <SmallTable
          testId="order-ledger"
          empty={t('orders.detail.noLedger')}
          head={[
            t('orders.detail.time'),
            t('orders.detail.type'),
            t('orders.detail.amount'),
            t('orders.detail.balanceAfter'),
            t('orders.detail.key'),
          ]}
          rows={detail.ledger.map((l) => [
            <Time key="t" ms={l.created_at} className="text-xs" />,
            t(`orders.detail.ledgerType.${l.type}`),
            <span key="a" className="tabular-nums">
              {money(l.amount)}
            </span>,
            <span key="b" className="tabular-nums">
              {money(l.balance_after)}
            </span>,
            <span key="k" className="text-xs text-stone-600">
              {labels.ledgerRef(l.idempotency_key)}
            </span>,
          ])}
        />
      </Panel>

      <Panel title={t('orders.detail.refunds')}>
        <SmallTable
          testId="order-refunds"
          empty={t('orders.detail.noRefunds')}
          head={[
            t('orders.detail.time'),
            t('orders.detail.amount'),
            t('orders.detail.destination'),
            t('orders.col.status'),
            t('orders.detail.actor'),
            t('orders.detail.note'),
          ]}
          rows={detail.refunds.map((r) => [
            <Time key="t" ms={r.created_at} className="text-xs" />,
            <span key="a" className="tabular-nums">
              {money(r.amount_cny)}
            </span>,
            t(`orders.method.${r.destination}`),
            t(`orders.detail.refundStatus.${r.status}`),
            r.actor,
            r.failure ? `${r.reason} (${r.failure})` : r.reason,
          ])}
        />
      </Panel>

      <AuditTrail objectType="order" objectId={order.oid} />

      {dialog?.kind === 'deliver' ? (
        <DeliverDialog
          item={{ id: dialog.item.id, name: nameOf(dialog.item), ships: dialog.item.ships === 1 }}
          onClose={() => setDialog(null)}
          onDone={done}
        />
      ) : dialog?.kind === 'settle' ? (
        <SettleDialog
          item={{ id: dialog.item.id, name: nameOf(dialog.item) }}
          onClose={() => setDialog(null)}
          onDone={done}
        />
      ) : dialog?.kind === 'retry' ? (
        <RetryDialog
          item={{ id: dialog.item.id, name: nameOf(dialog.item) }}
          onClose={() => setDialog(null)}
          onDone={done}
        />
      ) : dialog?.kind === 'cancel' ? (
        <CancelDialog oid={order.oid} onClose={() => setDialog(null)} onDone={done} />
      ) : dialog?.kind === 'refund' ? (
        <RefundDialog target={refundTarget} onClose={() => setDialog(null)} onDone={done} />
      ) : null}
    </AdminPage>
  );
}

function ItemActions({ item, onOpen }: { item: Item; onOpen: (d: Dialog) => void }) {
  const { t } = useAdminT();
  const d = item.delivery;
  if (!d || !d.awaiting_operator) return null;
  if (d.kind === 'manual')
    return (
      <button type="button" className="btn-primary" onClick={() => onOpen({ kind: 'deliver', item })}>
        {t('orders.action.deliver')}
      </button>
    );
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className="btn-outline" onClick={() => onOpen({ kind: 'retry', item })}>
        {t('orders.action.retry')}
      </button>
      <button type="button" className="btn-primary" onClick={() => onOpen({ kind: 'settle', item })}>
        {t('orders.action.settle')}
      </button>
    </div>
  );
}

function DeliveryFacts({ item, paid }: { item: Item; paid: boolean }) {
  const { t, locale } = useAdminT();
  const d = item.delivery;
  if (!d)
    return (
      <p className="mt-2 text-xs text-stone-600">
        {paid ? t('orders.detail.noDelivery') : t('orders.detail.noDeliveryUnpaid')}
      </p>
    );
  const rows: [string, React.ReactNode][] = [
    [
      t('orders.detail.delivery'),
      <span key="s">
        {t(`orders.detail.kind.${d.kind}`)} · {t(`orders.detail.deliveryStatus.${d.status}`)}
        {d.awaiting_operator ? (
          <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-800">
            {t('orders.detail.awaiting')}
          </span>
        ) : null}
      </span>,
    ],
  ];
  if (d.kind === 'topup')
    rows.push(
      [t('orders.detail.supplierRef'), d.supplier_ref ?? '—'],
      [t('orders.detail.polls'), String(d.polls)],
      [t('orders.detail.job'), d.job ? t(`orders.detail.jobState.${d.job}`) : '—'],
    );
  if (d.note) rows.push([t('orders.detail.note'), d.note]);
  if (d.reason_code)
    rows.push([
      t('orders.detail.reason'),
      isDeliveryFailureCode(d.reason_code) ? deliveryFailureText(d.reason_code, locale) : t('labels.unknown'),
    ]);
  if (d.tracking_no)
    rows.push([
      t('orders.detail.tracking'),
      <span key="tr" className="font-mono">
        {d.tracking_no}
      </span>,
    ]);
  if (d.refund_cny !== '0.00') rows.push([t('orders.detail.itemRefunded'), money(d.refund_cny)]);
  rows.push([
    t('orders.detail.time'),
    <span key="t">
      <Time ms={d.created_at} /> → <Time ms={d.finished_at} />
    </span>,
  ]);
  return (
    <div className="mt-3 rounded-md bg-stone-50 p-2" data-testid="item-delivery-admin">
      <Facts rows={rows} />
    </div>
  );
}

import { Link } from 'react-router';
import { deliveryFailureText, isDeliveryFailureCode } from '@shop/domain/delivery-reason';
import { Panel } from '../kit/admin-page';
import { Facts, money, Time } from './parts';
import { useLabels } from '../kit/labels';
import { useAdminT } from '../kit/use-admin-t';

import { type Detail, type Dialog, type Item, itemNames } from './order-detail-types';

/** An order's items: each with its goods, price, player, card keys, delivery and operator actions. */
export function OrderItems({ detail, onOpen }: { detail: Detail; onOpen: (d: Dialog) => void }) {
  const { t, locale } = useAdminT();
  const labels = useLabels();
  const { order } = detail;
  const en = locale === 'en';
  const { nameOf, specOf } = itemNames(en);
  return (
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
                {i.list_price !== i.unit_price || i.coupon_discount !== '0.00' ? (
                  <p className="text-xs text-stone-600" data-testid="item-discounts">
                    {[
                      `${t('promotions.order.listPrice')} ${money(i.list_price, order.currency)}`,
                      i.tier_discount !== '0.00'
                        ? `${t('promotions.order.tierDiscount')} −${money(i.tier_discount, order.currency)}`
                        : null,
                      i.level_discount !== '0.00'
                        ? `${t('promotions.order.levelDiscountNone')} −${money(i.level_discount, order.currency)}`
                        : null,
                      i.coupon_discount !== '0.00'
                        ? `${t('promotions.order.couponDiscount', { code: order.coupon_code ?? '' })} −${money(i.coupon_discount, order.currency)}`
                        : null,
                      `${t('promotions.order.paid')} ${money(i.paid_amount, order.currency)}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                ) : null}
                {i.player_id ? (
                  <p className="text-xs text-stone-600">
                    {t('orders.detail.player')}: {i.player_id} · {en ? i.server_en : i.server_zh}
                    {i.player_nickname ? ` · ${i.player_nickname}` : ''}
                  </p>
                ) : null}
              </div>
              <ItemActions item={i} onOpen={onOpen} />
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

import { Link } from 'react-router';
import { formatDecimalMoney } from '@shop/domain/money';
import { PlainTable, Time } from './parts';
import { useAdminT } from '../kit/use-admin-t';

import { type Detail } from './buyer-detail-types';
import { money } from '../kit/cells';

/** A buyer's latest orders. */
export function OrdersTab({ detail }: { detail: Detail }) {
  const { t } = useAdminT();
  const b = detail.buyer;
  return (
    <div className="space-y-3">
      {detail.orders.length ? (
        <p className="text-sm text-stone-600">
          {t('buyers.orders.intro', { shown: detail.orders.length, count: b.order_count })}
        </p>
      ) : null}
      <PlainTable
        rows={detail.orders}
        rowKey={(o) => o.oid}
        empty={t('buyers.orders.empty')}
        caption={t('buyers.tabs.orders')}
        testId="buyer-orders"
        columns={[
          {
            key: 'oid',
            header: t('buyers.orders.col.oid'),
            cell: (o) => (
              <Link
                to={`/admin/orders/${o.oid}`}
                className="font-mono text-xs text-brand-700 hover:underline"
              >
                {o.oid}
              </Link>
            ),
          },
          {
            key: 'status',
            header: t('buyers.orders.col.status'),
            cell: (o) => <span className="whitespace-nowrap">{t(`buyers.orders.status.${o.status}`)}</span>,
          },
          {
            key: 'total',
            header: t('buyers.orders.col.total'),
            align: 'right',
            cell: (o) => (
              <span className="whitespace-nowrap">
                {formatDecimalMoney(o.total, o.currency)}
                {o.currency === 'CNY' ? null : (
                  <span className="block text-xs text-stone-500">{money(o.total_cny)}</span>
                )}
              </span>
            ),
          },
          {
            key: 'refunded',
            header: t('buyers.orders.col.refunded'),
            align: 'right',
            cell: (o) => (o.refunded_cny === '0.00' ? '—' : money(o.refunded_cny)),
          },
          {
            key: 'items',
            header: t('buyers.orders.col.items'),
            align: 'right',
            cell: (o) => o.item_count,
          },
          {
            key: 'created',
            header: t('buyers.orders.col.created'),
            cell: (o) => <Time ms={o.created_at} narrow />,
          },
        ]}
      />
    </div>
  );
}

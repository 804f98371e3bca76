import { Link } from 'react-router';
import { Panel } from '../kit/admin-page';
import { Facts, money, Time } from './parts';
import { useAdminT } from '../kit/use-admin-t';

import { type Detail } from './order-detail-types';

/** An order's summary: its buyer, amounts, method, times, cancel reason and address. */
export function OrderSummary({ detail }: { detail: Detail }) {
  const { t, locale } = useAdminT();
  const { order, buyer } = detail;
  const cur = order.currency;
  const level = (locale === 'en' ? order.level_name_en : order.level_name_zh) ?? '';
  // The discounts frozen on the order (issue 31): the list total, then each one that applied.
  const discounts: [string, React.ReactNode][] =
    order.list_amount === order.total_amount
      ? []
      : [
          [t('promotions.order.listTotal'), money(order.list_amount, cur)],
          ...(order.tier_discount !== '0.00'
            ? [
                [t('promotions.order.tierDiscount'), `−${money(order.tier_discount, cur)}`] as [
                  string,
                  React.ReactNode,
                ],
              ]
            : []),
          ...(order.level_discount !== '0.00'
            ? [
                [
                  level
                    ? t('promotions.order.levelDiscount', { level })
                    : t('promotions.order.levelDiscountNone'),
                  `−${money(order.level_discount, cur)}`,
                ] as [string, React.ReactNode],
              ]
            : []),
          ...(order.coupon_discount !== '0.00' || order.coupon_code
            ? [
                [
                  t('promotions.order.couponDiscount', { code: order.coupon_code ?? '' }),
                  <span key="c" data-testid="order-coupon">
                    −{money(order.coupon_discount, cur)}
                    {order.coupon_use ? ` · ${t(`promotions.coupons.use.${order.coupon_use}`)}` : ''}
                    {order.coupon_id !== null ? (
                      <>
                        {' · '}
                        <Link
                          className="text-brand-700 hover:underline"
                          to={`/admin/coupons?keyword=${encodeURIComponent(order.coupon_code ?? '')}`}
                        >
                          {t('promotions.coupons.title')}
                        </Link>
                      </>
                    ) : null}
                  </span>,
                ] as [string, React.ReactNode],
              ]
            : []),
        ];
  const summary: [string, React.ReactNode][] = [
    [
      t('orders.detail.buyer'),
      `${buyer.email ?? buyer.phone ?? '—'} · ID ${buyer.id}${buyer.nickname ? ` · ${buyer.nickname}` : ''}`,
    ],
    ...discounts,
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
    <Panel title={t('orders.detail.summary')}>
      <Facts rows={summary} />
    </Panel>
  );
}

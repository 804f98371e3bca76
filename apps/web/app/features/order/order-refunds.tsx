// What went back of an order (issue 29, decision 058): each refund in the order's currency (as the
// amounts above it) with the CNY given back, where it went, the shop's reason and when, in the
// shop's time zone as every time on the page, labelled so.
import type { OrderDetail } from '@shop/contract/order';
import { parseLocale } from '@shop/domain/locale';
import { useTranslation } from '../../i18n/use-translation';
import type { Order } from '../../lib/order';
import { formatDateTime } from '../../lib/order-format';
import { Price } from '../../components/ui/price';

type Refunds = Pick<OrderDetail, 'refunds' | 'refunded_amount' | 'keys_withdrawn'>;

/** The detail's refund fields: the order page's load is the detail's (the list has none). */
export function refundsOf(order: Order): Partial<Refunds> {
  return order as Order & Partial<Refunds>;
}

export function OrderRefunds({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const locale = parseLocale(i18n.language);
  const { refunds, refunded_amount: refunded } = refundsOf(order);
  if (!refunds?.length || !refunded) return null;
  const itemName = (id: number | null) =>
    id === null ? t('orderRefunds.wholeOrder') : (order.items.find((i) => i.id === id)?.goods_name ?? '');
  return (
    <section aria-labelledby="order-refunds" className="card p-5 sm:p-6" data-testid="order-refunds">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="order-refunds" className="text-base font-semibold text-stone-900">
          {t('orderRefunds.title')}
        </h2>
        <p className="text-sm text-stone-700" data-testid="order-refunded">
          {t('orderRefunds.refunded')}{' '}
          <Price value={refunded} currency={order.currency} className="font-semibold text-stone-900" />
        </p>
      </div>
      <ul className="mt-4 divide-y divide-stone-100">
        {refunds.map((r) => (
          <li
            key={r.no}
            className="flex flex-col gap-1 py-3 sm:flex-row sm:justify-between sm:gap-6"
            data-testid="order-refund"
          >
            <div className="min-w-0 text-sm">
              <p className="font-medium text-stone-900">
                {itemName(r.order_item_id)} ·{' '}
                {r.destination === 'balance'
                  ? t('orderRefunds.toBalance')
                  : r.destination === 'alipay'
                    ? t('orderRefunds.toAlipay')
                    : t('orderRefunds.toWechat')}
              </p>
              {r.reason ? (
                <p className="mt-0.5 break-words text-stone-600">
                  {t('orderRefunds.reason', { reason: r.reason })}
                </p>
              ) : null}
              <p className="mt-0.5 text-xs text-stone-500">
                <time dateTime={new Date(r.created_at).toISOString()}>
                  {t('orderRefunds.at', { time: formatDateTime(r.created_at, locale) })}
                </time>
                {' · '}
                {r.status === 'pending' ? t('orderRefunds.pending') : t('orderRefunds.done')}
              </p>
            </div>
            <div className="shrink-0 text-sm sm:text-right">
              <Price value={r.amount} currency={order.currency} className="font-semibold text-stone-900" />
              {order.currency !== 'CNY' ? (
                <p className="text-xs text-stone-500 tabular-nums">¥{r.amount_cny}</p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Keys a refund withdrew: said where the keys would be (decision 058). */
export function KeysWithdrawn({ testId = 'keys-withdrawn' }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-5 rounded-xl bg-stone-50 p-4 text-sm ring-1 ring-stone-200" data-testid={testId}>
      <p className="font-semibold text-stone-900">{t('orderRefunds.keysWithdrawn')}</p>
      <p className="mt-0.5 text-stone-600">{t('orderRefunds.keysWithdrawnText')}</p>
    </div>
  );
}

import { Link } from 'react-router';
import { CURRENCY_SYMBOL, parseLocale } from '@shop/domain/locale';
import { useTranslation } from '../../i18n/use-translation';
import { formatMoney } from '../../lib/format';
import { formatDateTime, formatRate } from '../../lib/order-format';
import { ORDER_DETAIL_PATH } from '../../lib/order';
import { Skeleton, ListSkeleton } from '../../components/ui/skeleton';
import type { LedgerEntry } from './ledger';
import { amountDirection, orderRef, signedAmount } from './ledger-entry';

const TONE = {
  in: { amount: 'text-emerald-700', mark: 'bg-emerald-50 text-emerald-700' },
  out: { amount: 'text-red-700', mark: 'bg-red-50 text-red-700' },
  none: { amount: 'text-stone-700', mark: 'bg-stone-100 text-stone-500' },
} as const;

/** The ledger could not be read: said as the asset log's own failure (issue 29), with a retry. */
export function LedgerLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 p-10 text-center" data-testid="ledger-load-failed">
      <p className="text-sm text-stone-600">{t('assetLog.loadFailed')}</p>
      <button type="button" className="btn-outline" onClick={onRetry}>
        {t('errors.retry')}
      </button>
    </div>
  );
}

/** Ledger entries, newest first: what, when, the order it is about, the signed amount, the balance after. */
export function LedgerList({ entries, label }: { entries: readonly LedgerEntry[]; label: string }) {
  return (
    <ul className="divide-y divide-stone-100" aria-label={label}>
      {entries.map((entry) => (
        <LedgerRow key={entry.id} entry={entry} />
      ))}
    </ul>
  );
}

function LedgerRow({ entry }: { entry: LedgerEntry }) {
  const { t, i18n } = useTranslation();
  const locale = parseLocale(i18n.language);
  const direction = amountDirection(entry.amount);
  const oid = orderRef(entry);
  const symbol = CURRENCY_SYMBOL[entry.currency];
  return (
    <li
      className="flex items-center gap-3 px-4 py-3.5 sm:gap-4 sm:px-5"
      data-testid="ledger-entry"
      data-type={entry.type}
    >
      <span
        aria-hidden="true"
        className={`flex size-9 shrink-0 items-center justify-center rounded-full text-base font-bold ${TONE[direction].mark}`}
      >
        {direction === 'out' ? '\u2212' : direction === 'in' ? '+' : '·'}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium break-words text-stone-900">{entry.title}</p>
        {entry.paid_for ? (
          // A USD order paid from the CNY balance: the total it paid, at the order's rate (decision 031).
          <p className="mt-0.5 text-xs text-stone-600" data-testid="ledger-paid-for">
            {t('pricing.paidFor', {
              amount: formatMoney(entry.paid_for.amount, entry.paid_for.currency),
              rate: formatRate(entry.paid_for.exchange_rate),
              currency: entry.paid_for.currency,
            })}
          </p>
        ) : null}
        {entry.discount ? (
          // Issue 31: what the order's tier, level and code took off before it was paid.
          <p className="mt-0.5 text-xs text-emerald-800" data-testid="ledger-discount">
            {entry.discount.coupon_code
              ? t('promotions.ledgerDiscountCode', {
                  amount: formatMoney(entry.discount.amount, entry.discount.currency),
                  code: entry.discount.coupon_code,
                })
              : t('promotions.ledgerDiscount', {
                  amount: formatMoney(entry.discount.amount, entry.discount.currency),
                })}
          </p>
        ) : null}
        <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-stone-500">
          <time dateTime={new Date(entry.created_at).toISOString()} className="tabular-nums">
            {formatDateTime(entry.created_at, locale)}
          </time>
          {oid ? (
            <span className="basis-full sm:basis-auto">
              {/* On a phone the 20-digit number needs the whole line; the title already says "order". */}
              <span className="sr-only sm:not-sr-only">{t('assetLog.order')} </span>
              <Link
                to={ORDER_DETAIL_PATH(oid)}
                className="font-mono text-brand-700 hover:underline"
                data-testid="ledger-ref"
              >
                {oid}
              </Link>
            </span>
          ) : entry.ref ? (
            <span className="font-mono break-all">{entry.ref}</span>
          ) : null}
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p
          className={`text-base font-semibold tabular-nums ${TONE[direction].amount}`}
          data-testid="ledger-amount"
        >
          {signedAmount(entry.amount, symbol)}
        </p>
        <p className="mt-0.5 text-xs text-stone-500 tabular-nums">
          {t('assetLog.balanceAfter', { amount: formatMoney(entry.balance_after, entry.currency) })}
        </p>
      </div>
    </li>
  );
}

/** Placeholder rows while the ledger loads. */
export function LedgerSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <ListSkeleton
      rows={rows}
      className="divide-y divide-stone-100"
      testId="ledger-loading"
      rowClassName="flex items-center gap-4 px-4 py-3.5 sm:px-5"
    >
      <Skeleton className="size-9 rounded-full" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-4 w-28" />
        <Skeleton className="h-3 w-44 max-w-full" />
      </div>
      <div className="space-y-2">
        <Skeleton className="ml-auto h-4 w-16" />
        <Skeleton className="h-3 w-20" />
      </div>
    </ListSkeleton>
  );
}

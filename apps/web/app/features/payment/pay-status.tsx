import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import type { PayMethod } from '../../lib/checkout';
import { ORDER_DETAIL_PATH } from '../../lib/order';
import { formatCountdown } from '../../lib/order-format';
import { ClockIcon } from '../../components/ui/icons';
import { WALLET_PATH } from './payment';

/** The time left to pay, counting down. */
export function PayCountdown({ left }: { left: number }) {
  const { t } = useTranslation();
  return (
    <p
      className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
      data-testid="checkout-countdown"
    >
      <ClockIcon size={16} className="shrink-0" />
      <span>
        {t('checkout.payWithin')}{' '}
        <time
          dateTime={`PT${left}S`}
          className="font-semibold tabular-nums"
          aria-label={t('checkout.secondsLeft', { count: left })}
        >
          {formatCountdown(left)}
        </time>
      </span>
    </p>
  );
}

/** Why the last Pay failed, beside the button (a balance refusal points to the wallet). */
export function PayFailure({ failure }: { failure: { text: string; method: PayMethod } }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200"
      data-testid="checkout-error"
    >
      {failure.text}
      {failure.method === 'balance' ? (
        <>
          {' '}
          <Link to={WALLET_PATH} className="font-medium underline">
            {t('checkout.toWallet')}
          </Link>
        </>
      ) : null}
    </div>
  );
}

/**
 * The time to pay is over: the ways on (the order's details, the home page). `children`: a QR code
 * being scanned right at the deadline, which can still be paid (decision 019).
 */
export function PayTimedOut({ oid, children }: { oid: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="card h-fit p-5 sm:p-6" data-testid="checkout-timed-out">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-stone-100 text-stone-600">
          <ClockIcon size={20} />
        </span>
        <div>
          <h2 className="text-base font-semibold text-stone-900">{t('checkout.timedOut')}</h2>
          <p className="mt-1 text-sm text-stone-600">{t('checkout.timedOutText')}</p>
        </div>
      </div>
      <div className="mt-5 flex flex-wrap gap-3">
        <Link to={ORDER_DETAIL_PATH(oid)} className="btn-primary h-10 flex-1">
          {t('order.viewDetail')}
        </Link>
        <Link to="/" className="btn-outline h-10 flex-1">
          {t('common.browseHome')}
        </Link>
      </div>
      {children}
    </section>
  );
}

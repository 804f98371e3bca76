import type { AdminCouponBatch } from '@shop/contract/admin/promotions.schemas';
import type { CouponStateName } from '@shop/contract/admin/promotions.endpoints';
import { StatusBadge } from '../kit/cells';
import { formatTime } from '../kit/time';
import { type AdminT, useAdminT } from '../kit/use-admin-t';
import { money } from '../kit/cells';
import type { Coupon } from './coupon-form';

// Small pieces of the promotions pages (issue 31): a code's state, what it gives, where and when.

const BADGE = 'rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap';
const STATE_STYLE: Record<CouponStateName, string> = {
  active: 'bg-emerald-50 text-emerald-800',
  scheduled: 'bg-sky-50 text-sky-800',
  expired: 'bg-stone-100 text-stone-600',
  used_up: 'bg-amber-50 text-amber-800',
  disabled: 'bg-red-50 text-red-800',
};

export function CouponStateBadge({ state }: { state: CouponStateName }) {
  const { t } = useAdminT();
  return (
    <StatusBadge
      label={t(`promotions.coupons.state.${state}`)}
      className={`${BADGE} ${STATE_STYLE[state]}`}
      status={state}
    />
  );
}

const BATCH_STYLE: Record<AdminCouponBatch['status'], string> = {
  generating: 'bg-sky-50 text-sky-800',
  done: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-red-50 text-red-800',
};

/**
 * A batch's progress in words: "1,000 of 2,500", or, when its job was set aside after repeated
 * errors, "Generation failed: 1,000 of 2,500 codes made".
 */
export function BatchProgress({
  batch,
}: {
  batch: Pick<AdminCouponBatch, 'generated' | 'count' | 'status'>;
}) {
  const { t, locale } = useAdminT();
  const figures = {
    done: batch.generated.toLocaleString(locale),
    count: batch.count.toLocaleString(locale),
  };
  const failed = batch.status === 'failed';
  return (
    <Progress
      done={batch.generated}
      count={batch.count}
      failed={failed}
      label={t(failed ? 'promotions.batches.progressFailed' : 'promotions.batches.progress', figures)}
    />
  );
}

export function BatchStatusBadge({ status }: { status: AdminCouponBatch['status'] }) {
  const { t } = useAdminT();
  return (
    <StatusBadge
      label={t(`promotions.batches.status.${status}`)}
      className={`${BADGE} ${BATCH_STYLE[status]}`}
      status={status}
    />
  );
}

/** "¥10.00 off", "12.5% off, at most ¥30.00". */
export function givesText(
  c: Pick<Coupon, 'kind' | 'amount_cny' | 'amount_usd' | 'percent' | 'cap_cny'>,
  t: AdminT,
) {
  if (c.kind === 'fixed')
    return c.amount_usd
      ? t('promotions.coupons.gives.fixedUsd', {
          amount: money(c.amount_cny ?? '0'),
          usd: money(c.amount_usd, 'USD'),
        })
      : t('promotions.coupons.gives.fixed', { amount: money(c.amount_cny ?? '0') });
  return c.cap_cny
    ? t('promotions.coupons.gives.percentCap', { percent: c.percent, cap: money(c.cap_cny) })
    : t('promotions.coupons.gives.percent', { percent: c.percent });
}

/** What a code gives and on what terms, for the codes table. */
export function CouponTerms({ coupon }: { coupon: Coupon }) {
  const { t } = useAdminT();
  const extra = [
    coupon.min_spend_cny !== '0.00'
      ? t('promotions.coupons.minSpend', { amount: money(coupon.min_spend_cny) })
      : null,
    coupon.per_user !== null ? t('promotions.coupons.perUser', { count: coupon.per_user }) : null,
    coupon.first_order_only ? t('promotions.coupons.firstOrder') : null,
  ].filter(Boolean);
  return (
    <div className="min-w-36">
      <p className="font-medium whitespace-nowrap text-stone-900">{givesText(coupon, t)}</p>
      {extra.length ? <p className="text-xs text-stone-500">{extra.join(' · ')}</p> : null}
    </div>
  );
}

export function scopeText(c: Pick<Coupon, 'scope' | 'scope_ids'>, t: AdminT) {
  if (c.scope === 'all') return t('promotions.coupons.scope.all');
  return t('promotions.coupons.scopeCount', {
    kind: t(`promotions.coupons.scope.${c.scope}`),
    count: c.scope_ids.length,
  });
}

/** From and until in the viewer's zone, or "Always". */
export function ValidText({ coupon }: { coupon: Pick<Coupon, 'starts_at' | 'ends_at'> }) {
  const { t, locale } = useAdminT();
  if (coupon.starts_at === null && coupon.ends_at === null)
    return <span className="text-stone-500">{t('promotions.coupons.always')}</span>;
  return (
    <span className="block text-xs whitespace-nowrap">
      {coupon.starts_at !== null ? (
        <span className="block">
          {t('promotions.coupons.from', { time: formatTime(coupon.starts_at, locale) })}
        </span>
      ) : null}
      {coupon.ends_at !== null ? (
        <span className="block">
          {t('promotions.coupons.until', { time: formatTime(coupon.ends_at, locale) })}
        </span>
      ) : null}
    </span>
  );
}

/** A progress bar with its figures in words; `failed`: a grey bar (its work stopped) and red words. */
export function Progress({
  done,
  count,
  label,
  failed = false,
}: {
  done: number;
  count: number;
  label: string;
  failed?: boolean;
}) {
  const percent = count > 0 ? Math.floor((done * 100) / count) : 0;
  return (
    <div className="min-w-36">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={count}
        aria-valuenow={done}
        className="h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className={`h-full rounded-full transition-all ${failed ? 'bg-stone-400' : 'bg-brand-700'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className={`mt-1 text-xs tabular-nums ${failed ? 'text-red-800' : 'text-stone-600'}`}>{label}</p>
    </div>
  );
}

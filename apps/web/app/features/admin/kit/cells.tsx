import { formatDecimalMoney } from '@shop/domain/money';
import type { Currency } from '@shop/domain/locale';
import { formatTime, viewerZone } from './time';
import { useAdminT } from './use-admin-t';

// The cells of a console table that several areas show alike (issue 30): two names, a picture, a
// time, an amount, a status badge.

/** The zh and en name of a row, one under the other. */
export function TwoNames({ zh, en }: { zh: string; en: string }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-medium text-stone-900" lang="zh-CN">
        {zh || '—'}
      </p>
      <p className="truncate text-xs text-stone-500" lang="en">
        {en || '—'}
      </p>
    </div>
  );
}

/** A small picture of a row. */
export function Thumb({ src, wide = false }: { src: string; wide?: boolean }) {
  return (
    <span
      className={`block overflow-hidden rounded border border-stone-200 bg-stone-50 ${wide ? 'h-10 w-20' : 'size-10'}`}
    >
      {src ? <img src={src} alt="" className="size-full object-cover" loading="lazy" /> : null}
    </span>
  );
}

/** A time in the viewer's zone, the zone in its tooltip, or a dash when there is none. */
export function TimeCell({ ms, className = '' }: { ms: number | null; className?: string }) {
  const { locale } = useAdminT();
  if (ms === null) return <span className="text-stone-400">—</span>;
  return (
    <time dateTime={new Date(ms).toISOString()} title={viewerZone()} className={className}>
      {formatTime(ms, locale)}
    </time>
  );
}

/** A decimal amount with its currency symbol (the API's decimal strings, never floats). */
export function money(decimal: string, currency: Currency = 'CNY'): string {
  return formatDecimalMoney(decimal, currency);
}

/** An amount in a table or a panel, its digits aligned. */
export function MoneyCell({
  decimal,
  currency = 'CNY',
  className = '',
}: {
  decimal: string;
  currency?: Currency;
  className?: string;
}) {
  return <span className={`tabular-nums ${className}`.trim()}>{money(decimal, currency)}</span>;
}

/**
 * A status in words on its colour: `className` is the badge's shape and tone (each area keeps its
 * own), `status` the raw value for tests and styles (`data-status`).
 */
export function StatusBadge({
  label,
  className,
  status,
}: {
  label: string;
  className: string;
  status?: string;
}) {
  return (
    <span className={className} {...(status === undefined ? {} : { 'data-status': status })}>
      {label}
    </span>
  );
}

// How orders read on the page: times in the shop's zone, the goods in one line, the frozen rate and
// the countdown of an unpaid order.
import type { Locale } from '@shop/domain/locale';
import { SHOP_TIME_ZONE } from './format';
import type { OrderItem } from './order';

const dateTimeFormats = new Map<Locale, Intl.DateTimeFormat>();

/** Date and time in the shop's zone: 2026/11/21 14:03 / Nov 21, 2026, 2:03 PM. */
export function formatDateTime(epochMs: number, locale: Locale): string {
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: SHOP_TIME_ZONE,
    });
    dateTimeFormats.set(locale, format);
  }
  return format.format(new Date(epochMs));
}

/** The goods of an order in one line: the first name and how many more lines there are. */
export function itemsSummary(items: readonly Pick<OrderItem, 'goods_name'>[]): {
  first: string;
  more: number;
} {
  return { first: items[0]?.goods_name ?? '', more: Math.max(0, items.length - 1) };
}

/**
 * The frozen CNY→order-currency rate without its trailing zeros: "0.138000" → "0.138",
 * "1.000000" → "1". Shown as text only; nothing is computed from it here.
 */
export function formatRate(rate: string): string {
  const trimmed = rate.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return trimmed;
  return trimmed.includes('.') ? trimmed.replace(/0+$/, '').replace(/\.$/, '') : trimmed;
}

/** Whole seconds left until `expiresAt` (0 once it has passed); rounded up, so 0 means over. */
export function secondsLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

/** mm:ss, or h:mm:ss from an hour on: 905 → "15:05", 3725 → "1:02:05". */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

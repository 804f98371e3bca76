import type { Currency, Locale } from '@shop/domain/locale';
import { formatDecimalMoney } from '@shop/domain/money';

/**
 * The shop's time zone. Dates are shown in it on the server and in the browser alike, so the
 * server render and hydration agree whatever zone the machine or the buyer is in.
 */
export const SHOP_TIME_ZONE = 'Asia/Shanghai';

const formatters = new Map<Locale, Intl.DateTimeFormat>();

/** A calendar date in the shop's zone: 2026年11月21日 / November 21, 2026. */
export function formatDate(epochMs: number, locale: Locale): string {
  let format = formatters.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: SHOP_TIME_ZONE });
    formatters.set(locale, format);
  }
  return format.format(new Date(epochMs));
}

/** yyyy-mm-dd of that date in the shop's zone, for <time dateTime>. */
export function isoDate(epochMs: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(new Date(epochMs));
}

/**
 * An amount as the API sent it ("1280.00") as the buyer reads it: "¥1,280.00", "$9.99". One rule
 * for both languages, everywhere money is shown (decision 031); the mail uses the same function.
 */
export function formatMoney(value: string, currency: Currency): string {
  return formatDecimalMoney(value, currency);
}

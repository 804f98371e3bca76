// Languages and currencies of SPEC §7 and §9: zh-CN is the default; the currency follows the language.
export const LOCALES = ['zh-CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export const CURRENCIES = ['CNY', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'CNY';

const CURRENCY_BY_LOCALE: Record<Locale, Currency> = { 'zh-CN': 'CNY', en: 'USD' };
export const CURRENCY_SYMBOL: Record<Currency, string> = { CNY: '¥', USD: '$' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** Missing or unknown values fall back to the default (ARCHITECTURE.md §4). */
export function parseLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

export function parseCurrency(value: unknown): Currency {
  return isCurrency(value) ? value : DEFAULT_CURRENCY;
}

export function currencyForLocale(locale: Locale): Currency {
  return CURRENCY_BY_LOCALE[locale];
}

// Money is integer minor units everywhere inside (ARCHITECTURE.md §5). It leaves the API as a
// decimal string with the currency's minor digits ("68.00").
import { CURRENCY_SYMBOL, type Currency } from './locale.ts';

const MINOR_DIGITS: Record<Currency, number> = { CNY: 2, USD: 2 };

/** Exchange rates are stored as integer millionths (0.138 → 138000), so conversion is exact. */
export const RATE_SCALE = 1_000_000n;

export function formatMinor(minor: number, currency: Currency): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an integer amount: ${minor}`);
  const digits = MINOR_DIGITS[currency];
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor)
    .toString()
    .padStart(digits + 1, '0');
  return `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/** Parses "68", "68.5" or "68.00" into minor units; undefined for anything else (no floats). */
export function parseDecimal(text: string, currency: Currency): number | undefined {
  const digits = MINOR_DIGITS[currency];
  const match = new RegExp(`^(-?)(\\d{1,13})(?:\\.(\\d{1,${digits}}))?$`).exec(text.trim());
  if (!match) return undefined;
  const [, sign, whole, fraction = ''] = match;
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0'));
  return sign ? -minor : minor;
}

/** "0.138" → 138000 millionths; undefined unless a positive decimal with at most 6 places. */
export function parseRate(text: string): bigint | undefined {
  const match = /^(\d{1,6})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!match) return undefined;
  const rate = BigInt(match[1]!) * RATE_SCALE + BigInt((match[2] ?? '').padEnd(6, '0'));
  return rate > 0n ? rate : undefined;
}

/**
 * Converts CNY minor units with a rate in millionths, rounding half up to the target's minor
 * unit (ARCHITECTURE.md §5): 6800 fen at 0.138 → 938.4 cents → 938.
 */
export function convertMinor(cnyMinor: number, rateMillionths: bigint): number {
  if (!Number.isSafeInteger(cnyMinor) || cnyMinor < 0) throw new RangeError(`bad amount: ${cnyMinor}`);
  const scaled = BigInt(cnyMinor) * rateMillionths;
  return Number((scaled + RATE_SCALE / 2n) / RATE_SCALE);
}

/** The price shown in `currency`: the explicit USD price first, else the converted CNY price. */
export function priceIn(
  currency: Currency,
  cnyMinor: number,
  usdMinor: number | null | undefined,
  rateMillionths: bigint,
): number {
  if (currency === 'CNY') return cnyMinor;
  return usdMinor ?? convertMinor(cnyMinor, rateMillionths);
}

/**
 * Money as a buyer reads it, in both languages (decision 031): the currency symbol, thousands
 * separated by commas, two decimals: "¥1,280.00", "$9.99", "-¥12.34". The same rule as
 * Intl.NumberFormat('en'|'zh-CN', { style: 'currency' }) gives for CNY (and en for USD), written
 * out so the server render, the browser and the mail agree whatever ICU data each one has.
 */
export function formatMoney(minor: number, currency: Currency): string {
  const plain = formatMinor(minor, currency);
  const sign = plain.startsWith('-') ? '-' : '';
  return `${sign}${CURRENCY_SYMBOL[currency]}${groupThousands(plain.slice(sign.length))}`;
}

/**
 * A decimal string from the API ("1280.00") as money ("¥1,280.00"). Anything that is not a
 * plain decimal is shown after the symbol as it came, rather than hidden.
 */
export function formatDecimalMoney(decimal: string, currency: Currency): string {
  const text = decimal.trim();
  const minor = parseDecimal(text, currency);
  return minor === undefined ? `${CURRENCY_SYMBOL[currency]}${text}` : formatMoney(minor, currency);
}

/** "1234567.89" → "1,234,567.89" (the whole part grouped by three; the fraction untouched). */
export function groupThousands(decimal: string): string {
  const [whole = '', fraction] = decimal.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

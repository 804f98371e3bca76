// Promotions in the browser (issue 31): which discount lines to show, the quantity tier a quantity
// falls in, and how far a buyer is from the next member level. Every amount is the server's (the
// one price function, @shop/domain/pricing, froze or quoted it); nothing here prices anything: it
// only compares the API's decimal strings in integer minor units. Pure, so tested without a browser.
import type { Currency } from '@shop/domain/locale';
import { parseDecimal } from '@shop/domain/money';
import { tierFor } from '@shop/domain/pricing';

/** An amount the API sent is above zero (a discount line worth showing). */
export function isPositive(amount: string | null | undefined, currency: Currency): boolean {
  if (!amount) return false;
  const minor = parseDecimal(amount, currency);
  return minor !== undefined && minor > 0;
}

/** Two amounts the API sent differ (a list price above the price paid is shown struck through). */
export function differs(a: string, b: string, currency: Currency): boolean {
  const x = parseDecimal(a, currency);
  const y = parseDecimal(b, currency);
  return x !== undefined && y !== undefined && x !== y;
}

/** The discounts of an order, a quote or a cart, as the API sends them. */
export interface Discounts {
  list: string;
  tier: string;
  level: string;
  coupon: string;
}

/** Any of the three discounts is above zero: the breakdown (list price, each discount) is shown. */
export function hasDiscounts(d: Discounts, currency: Currency): boolean {
  return isPositive(d.tier, currency) || isPositive(d.level, currency) || isPositive(d.coupon, currency);
}

export type PriceTier = { min_num: number; price: string };

/**
 * The tier whose price applies to `num` units (the largest min_num at most num), by the one rule of
 * the price function (`tierFor`); undefined below the first tier. The price is the API's.
 */
export function tierAt(tiers: readonly PriceTier[], num: number, currency: Currency): PriceTier | undefined {
  const priced = tiers.flatMap((tier) => {
    const minor = parseDecimal(tier.price, currency);
    return minor === undefined ? [] : [{ min: tier.min_num, cny: minor, tier }];
  });
  const hit = tierFor(priced, num);
  return hit ? priced.find((p) => p === hit)?.tier : undefined;
}

/**
 * How far a lifetime spend is on the way to the next level, in whole percent (0–100, rounded down
 * so 100 shows only once reached); the CNY still to spend comes from the API (`remaining`).
 */
export function levelProgress(spend: string, threshold: string): number {
  const have = parseDecimal(spend, 'CNY');
  const need = parseDecimal(threshold, 'CNY');
  if (have === undefined || need === undefined || need <= 0) return 0;
  if (have >= need) return 100;
  return Math.max(0, Math.floor((have * 100) / need));
}

/** A code as typed, trimmed; '' means none. The server folds case and lookalikes (codeKey). */
export function typedCode(input: string): string {
  return input.trim();
}

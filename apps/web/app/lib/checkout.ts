// The checkout (issue 6): which payment methods are offered, whether the balance covers the order,
// which cart lines are ordered and the idempotency key of one attempt. Pure, so it is tested
// without a browser.
import { parseDecimal } from '@shop/domain/money';
import { PAY_METHODS, type PayMethod } from '@shop/domain/payment';
import type { SiteConfig } from './site-config';

export { PAY_METHODS, type PayMethod };

export function isPayMethod(value: unknown): value is PayMethod {
  return typeof value === 'string' && (PAY_METHODS as readonly string[]).includes(value);
}

/**
 * SPEC §3: order payment methods follow the order_* switches. A method whose switch is off is not
 * offered at all (the server refuses it too).
 */
export function checkoutMethods(
  config: Pick<SiteConfig, 'order_balance_switch' | 'order_alipay_switch' | 'order_wechat_switch'>,
): PayMethod[] {
  const on: Record<PayMethod, boolean> = {
    balance: config.order_balance_switch === 1,
    alipay: config.order_alipay_switch === 1,
    wechat: config.order_wechat_switch === 1,
  };
  return PAY_METHODS.filter((key) => on[key]);
}

/**
 * Whether a CNY balance covers a CNY amount, compared in fen (no floats); undefined when either
 * is not a decimal amount. Only a hint: the server decides when paying.
 */
export function balanceCovers(balance: string, amount: string): boolean | undefined {
  const have = parseDecimal(balance, 'CNY');
  const need = parseDecimal(amount, 'CNY');
  if (have === undefined || need === undefined) return undefined;
  return have >= need;
}

/** The cart lines an order is made of: those the cart counts (off-sale or short lines stay behind). */
export function checkoutLineIds(lines: readonly { id: number; available: boolean }[]): number[] {
  return lines.filter((line) => line.available).map((line) => line.id);
}

type RandomSource = Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string };

/**
 * A fresh key for one checkout attempt (one click): a repeat of the same request (a retry, a
 * double submit the button did not stop) returns the same order; a new click makes a new one.
 */
export function newIdempotencyKey(random: RandomSource = globalThis.crypto): string {
  if (typeof random.randomUUID === 'function') return `web-${random.randomUUID()}`;
  const bytes = random.getRandomValues(new Uint8Array(16));
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

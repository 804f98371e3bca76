// Every price adds up (decision 031). One pure function prices a set of lines the same way for the
// cart, the goods page and the order, so the figures a buyer sees before ordering are the ones the
// order freezes:
// - the buyer's currency is the price: a line is unit × num, the subtotal is the sum of the lines,
//   the total is the subtotal (no fees or discounts exist);
// - the CNY charged (wallet and gateways settle in CNY) is derived from that total: the same for a
//   CNY order, round-half-up(total ÷ rate) for a USD order, so that converting it back with the
//   rate shown next to it gives the total again (proved in the decision for rates ≤ 1);
// - the charged CNY is split over the lines by largest remainder, in proportion to the lines, and
//   each share is stored on its order item: refunds give back exactly these shares, which sum to
//   the charged amount.
import type { Currency } from './locale.ts';
import { convertMinor, priceIn, RATE_SCALE } from './money.ts';

/**
 * The largest CNY → USD rate (in millionths) the shop uses: 1 USD per CNY. Above it a CNY fen is
 * worth more than a cent, some USD totals have no CNY amount that converts back to them, and the
 * rate line could not add up. A stored rate above it is refused (catalog exchangeRate).
 */
export const MAX_RATE = RATE_SCALE;

export function isUsableRate(rate: bigint): boolean {
  return rate > 0n && rate <= MAX_RATE;
}

function checkRate(rate: bigint) {
  if (!isUsableRate(rate)) throw new RangeError(`exchange rate out of range: ${rate}`);
}

function checkAmount(minor: number, what: string) {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`bad ${what}: ${minor}`);
}

/**
 * The CNY charged for a total in the order's currency: the total itself in CNY; in USD the total
 * divided by the rate, rounded half up to the fen. For rates ≤ 1, convertMinor(charged, rate) is
 * the total again (decision 031 has the proof; the property test checks it).
 */
export function chargedCny(total: number, currency: Currency, rate: bigint): number {
  checkAmount(total, 'total');
  if (currency === 'CNY') return total;
  checkRate(rate);
  const charged = (2n * BigInt(total) * RATE_SCALE + rate) / (2n * rate);
  const result = Number(charged);
  if (!Number.isSafeInteger(result)) throw new RangeError(`charged amount too large: ${charged}`);
  return result;
}

/**
 * Splits `total` over `weights` in proportion, in whole minor units, by largest remainder: every
 * part is the floor of its exact share, and the units left over go to the largest remainders
 * (the earlier part on a tie). The parts always sum to `total`, and none is negative.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  checkAmount(total, 'total');
  for (const w of weights) checkAmount(w, 'weight');
  const sum = weights.reduce((s, w) => s + BigInt(w), 0n);
  if (sum === 0n) {
    if (total === 0) return weights.map(() => 0);
    throw new RangeError(`cannot split ${total} over nothing`);
  }
  const exact = weights.map((w) => BigInt(total) * BigInt(w));
  const parts = exact.map((e) => e / sum);
  let left = BigInt(total) - parts.reduce((s, p) => s + p, 0n);
  const order = exact
    .map((e, index) => ({ index, remainder: e % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left === 0n) break;
    parts[index]! += 1n;
    left -= 1n;
  }
  return parts.map(Number);
}

/** One line to price: its catalog CNY price, its explicit USD price if any, and the quantity. */
export type PriceLine = { cny: number; usd?: number | null | undefined; num: number };

export type PricedLine = {
  /** Unit price in the order's currency. */
  unit: number;
  num: number;
  /** unit × num, in the order's currency. */
  amount: number;
  /** This line's share of the charged CNY (what a refund of the whole line gives back). */
  cny: number;
};

export type Pricing = {
  currency: Currency;
  /** The shop's CNY → USD rate, millionths (frozen on every order; used only for USD). */
  rate: bigint;
  lines: PricedLine[];
  /** Σ line amounts. */
  subtotal: number;
  /** What the buyer pays, in the order's currency: the subtotal. */
  total: number;
  /** The CNY charged: chargedCny(total). Σ line shares. */
  charged: number;
};

/**
 * Prices lines in the buyer's currency at the rate (CNY → USD, millionths): unit prices (the
 * explicit USD price first, else the converted CNY price), line amounts, subtotal, total, the CNY
 * charged and each line's share of it.
 */
export function priceLines(lines: readonly PriceLine[], currency: Currency, rate: bigint): Pricing {
  checkRate(rate);
  const priced = lines.map((line) => {
    checkAmount(line.cny, 'price');
    if (line.usd !== null && line.usd !== undefined) checkAmount(line.usd, 'price');
    if (!Number.isSafeInteger(line.num) || line.num < 1) throw new RangeError(`bad quantity: ${line.num}`);
    const unit = priceIn(currency, line.cny, line.usd, rate);
    const amount = unit * line.num;
    checkAmount(amount, 'line amount');
    return { unit, num: line.num, amount };
  });
  const subtotal = priced.reduce((sum, line) => sum + line.amount, 0);
  checkAmount(subtotal, 'subtotal');
  const total = subtotal;
  const charged = chargedCny(total, currency, rate);
  const shares = allocate(
    charged,
    priced.map((line) => line.amount),
  );
  return {
    currency,
    rate,
    lines: priced.map((line, i) => ({ ...line, cny: shares[i]! })),
    subtotal,
    total,
    charged,
  };
}

/** The charged CNY converted back to the order's currency with the shown rate (what a buyer checks). */
export function convertBack(charged: number, currency: Currency, rate: bigint): number {
  return currency === 'CNY' ? charged : convertMinor(charged, rate);
}

/** A rate in millionths as the buyer reads it, without trailing zeros: 138000n → "0.138". */
export function rateText(rate: bigint): string {
  if (rate <= 0n) throw new RangeError(`bad rate: ${rate}`);
  const whole = rate / RATE_SCALE;
  const fraction = (rate % RATE_SCALE).toString().padStart(6, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** A rate in millionths as the API sends it, with all six places: 138000n → "0.138000". */
export function rateDecimal(rate: bigint): string {
  if (rate <= 0n) throw new RangeError(`bad rate: ${rate}`);
  return `${rate / RATE_SCALE}.${(rate % RATE_SCALE).toString().padStart(6, '0')}`;
}

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

/** A quantity tier: from `min` units on, each costs this (the explicit USD price first, as list prices). */
export type Tier = { min: number; cny: number; usd?: number | null | undefined };

/** What a code's scope is matched against: the goods, its category and the parents of it, the option. */
export type LineScope = { goodsId: number; categoryIds: readonly number[]; optionKey: string };

/**
 * One line to price: its catalog CNY price, its explicit USD price if any, and the quantity; with
 * promotions (issue 31), its quantity tiers, the buyer's level price for the option, and what a
 * code's scope is matched against.
 */
export type PriceLine = {
  cny: number;
  usd?: number | null | undefined;
  num: number;
  tiers?: readonly Tier[] | undefined;
  levelPrice?: { cny: number; usd?: number | null | undefined } | null | undefined;
  scope?: LineScope | undefined;
};

/** A member level's terms: a discount off every unit without a level price, in basis points. */
export type LevelTerms = { discountBp: number };

export const COUPON_KINDS = ['fixed', 'percent'] as const;
export const COUPON_SCOPES = ['all', 'categories', 'goods', 'options'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export type CouponScope = (typeof COUPON_SCOPES)[number];

/** A code's money terms (whether it may be used at all is promotions.ts's couponStateProblem). */
export type CouponTerms = {
  kind: CouponKind;
  /** fixed: the amount off, CNY fen. */
  amountCny: number | null;
  /** fixed: the amount off a USD order, cents; null: amountCny at the order's rate. */
  amountUsd: number | null;
  /** percent: basis points (1000 = 10 %) off the lines in scope. */
  percentBp: number | null;
  /** percent: the most taken off one order, CNY fen (at the rate for USD); null: no cap. */
  capCny: number | null;
  /** The lines in scope must come to at least this (CNY fen; at the rate for USD). */
  minSpendCny: number;
  scope: CouponScope;
  /** Category or goods ids, or option keys, by `scope`. */
  scopeIds: readonly (number | string)[];
};

export type PriceOptions = { level?: LevelTerms | null | undefined; coupon?: CouponTerms | null | undefined };

/** Why a code takes nothing off these lines (its own state aside). */
export type CouponPricingProblem = 'coupon_not_applicable' | 'coupon_min_spend';
export type CouponOutcome =
  | { applied: true }
  | { applied: false; problem: CouponPricingProblem; /** In the order's currency. */ minSpend: number };

export type PricedLine = {
  /** The catalog unit price in the order's currency. */
  listUnit: number;
  /** Unit price in the order's currency: the list price, or a lower tier or level price. */
  unit: number;
  num: number;
  /** The tier that gave `unit`; null: none did. */
  tierMin: number | null;
  /** (listUnit − unit) × num, counted as the tier's or the level's, whichever gave `unit`. */
  tierDiscount: number;
  levelDiscount: number;
  /** This line's share of the code's discount (largest remainder over the lines in scope). */
  couponDiscount: number;
  /** unit × num, in the order's currency. */
  amount: number;
  /** amount − couponDiscount: what the line costs. */
  paid: number;
  /** This line's share of the charged CNY (what a refund of the whole line gives back). */
  cny: number;
};

export type Pricing = {
  currency: Currency;
  /** The shop's CNY → USD rate, millionths (frozen on every order; used only for USD). */
  rate: bigint;
  lines: PricedLine[];
  /** Σ listUnit × num. */
  listTotal: number;
  tierDiscount: number;
  levelDiscount: number;
  couponDiscount: number;
  /** Σ line amounts (after tiers and levels, before the code). */
  subtotal: number;
  /** What the buyer pays, in the order's currency: listTotal − the three discounts. */
  total: number;
  /** The CNY charged: chargedCny(total). Σ line shares. */
  charged: number;
  /** The total in USD: itself for a USD order, converted at the rate for a CNY one (shown only). */
  totalUsd: number;
  /** null: no code was given. */
  coupon: CouponOutcome | null;
};

/** The smallest amount a discounted order is charged: a gateway takes no zero payment (decision 069). */
export const MIN_CHARGE = 1;

const BP = 10_000n;

/** floor(amount × bp ÷ 10,000) in exact integers. */
export function basisPointsOf(amount: number, bp: number): number {
  return Number((BigInt(amount) * BigInt(bp)) / BP);
}

function checkBp(bp: number, max: number, what: string) {
  if (!Number.isSafeInteger(bp) || bp < 0 || bp > max) throw new RangeError(`bad ${what}: ${bp}`);
}

/** The tier for `num` units: the one with the largest minimum at most num. */
export function tierFor(tiers: readonly Tier[] | undefined, num: number): Tier | undefined {
  let best: Tier | undefined;
  for (const tier of tiers ?? []) if (tier.min <= num && (!best || tier.min > best.min)) best = tier;
  return best;
}

function unitOf(line: PriceLine, currency: Currency, rate: bigint, level: LevelTerms | null) {
  checkAmount(line.cny, 'price');
  if (line.usd !== null && line.usd !== undefined) checkAmount(line.usd, 'price');
  if (!Number.isSafeInteger(line.num) || line.num < 1) throw new RangeError(`bad quantity: ${line.num}`);
  const listUnit = priceIn(currency, line.cny, line.usd, rate);
  let unit = listUnit;
  let source: 'list' | 'tier' | 'level' = 'list';
  let tierMin: number | null = null;
  const tier = tierFor(line.tiers, line.num);
  if (tier) {
    checkAmount(tier.cny, 'tier price');
    const tierUnit = priceIn(currency, tier.cny, tier.usd, rate);
    if (tierUnit < unit) [unit, source, tierMin] = [tierUnit, 'tier', tier.min];
  }
  // The level price of the option, else the level's percent off the list price (the discount rounded
  // down: a level never gives more than it says). The lower of tier and level wins; they never stack.
  let levelUnit: number | null = null;
  if (line.levelPrice) {
    checkAmount(line.levelPrice.cny, 'level price');
    levelUnit = priceIn(currency, line.levelPrice.cny, line.levelPrice.usd, rate);
  } else if (level && level.discountBp > 0) levelUnit = listUnit - basisPointsOf(listUnit, level.discountBp);
  if (levelUnit !== null && levelUnit < unit) [unit, source, tierMin] = [levelUnit, 'level', null];
  const amount = unit * line.num;
  checkAmount(amount, 'line amount');
  const off = (listUnit - unit) * line.num;
  return {
    listUnit,
    unit,
    num: line.num,
    tierMin,
    tierDiscount: source === 'tier' ? off : 0,
    levelDiscount: source === 'level' ? off : 0,
    amount,
  };
}

/** Whether a code's scope covers a line (a line without a scope is covered only by `all`). */
export function inScope(
  coupon: Pick<CouponTerms, 'scope' | 'scopeIds'>,
  scope: LineScope | undefined,
): boolean {
  if (coupon.scope === 'all') return true;
  if (!scope) return false;
  const ids = coupon.scopeIds;
  if (coupon.scope === 'goods') return ids.includes(scope.goodsId);
  if (coupon.scope === 'options') return ids.includes(scope.optionKey);
  return scope.categoryIds.some((id) => ids.includes(id));
}

/** A CNY figure of a code in the order's currency (converted at the rate, as list prices are). */
const inCurrency = (cny: number, currency: Currency, rate: bigint) => priceIn(currency, cny, null, rate);

/**
 * The code's discount on priced lines: the lines in scope must come to the minimum spend; percent
 * codes take floor(in-scope × percent) up to the cap, fixed codes their amount up to the lines in
 * scope; either leaves the order at least MIN_CHARGE. The discount is split over the lines in scope
 * by largest remainder, in proportion to their amounts, so no line's share exceeds its amount.
 */
function couponShares(
  coupon: CouponTerms,
  lines: readonly PriceLine[],
  amounts: readonly number[],
  currency: Currency,
  rate: bigint,
): { outcome: CouponOutcome; shares: number[] } {
  const none = amounts.map(() => 0);
  const inside = amounts.map((amount, i) => (inScope(coupon, lines[i]!.scope) ? amount : 0));
  const eligible = inside.reduce((sum, a) => sum + a, 0);
  const minSpend = inCurrency(coupon.minSpendCny, currency, rate);
  if (eligible === 0)
    return { outcome: { applied: false, problem: 'coupon_not_applicable', minSpend }, shares: none };
  if (eligible < minSpend)
    return { outcome: { applied: false, problem: 'coupon_min_spend', minSpend }, shares: none };
  let discount: number;
  if (coupon.kind === 'percent') {
    checkBp(coupon.percentBp ?? -1, 10_000, 'percent');
    discount = basisPointsOf(eligible, coupon.percentBp!);
    if (coupon.capCny !== null) discount = Math.min(discount, inCurrency(coupon.capCny, currency, rate));
  } else {
    checkAmount(coupon.amountCny ?? -1, 'code amount');
    discount =
      currency === 'USD' && coupon.amountUsd !== null
        ? coupon.amountUsd
        : inCurrency(coupon.amountCny!, currency, rate);
  }
  const subtotal = amounts.reduce((sum, a) => sum + a, 0);
  discount = Math.max(0, Math.min(discount, eligible, subtotal - MIN_CHARGE));
  return { outcome: { applied: true }, shares: allocate(discount, inside) };
}

/**
 * Prices lines in the buyer's currency at the rate (CNY → USD, millionths): the one price
 * computation of the shop (decisions 031 and 069). Unit prices: the list price (the explicit USD
 * price first, else the converted CNY price), lowered by the quantity tier or the member level,
 * whichever is lower; line amounts; the code's discount over the lines in its scope; the total; the
 * CNY charged; and each line's share of it (what refunding the line gives back).
 */
export function priceLines(
  lines: readonly PriceLine[],
  currency: Currency,
  rate: bigint,
  options: PriceOptions = {},
): Pricing {
  checkRate(rate);
  const level = options.level ?? null;
  if (level) checkBp(level.discountBp, 9_999, 'level discount');
  const priced = lines.map((line) => unitOf(line, currency, rate, level));
  const amounts = priced.map((line) => line.amount);
  const subtotal = amounts.reduce((sum, a) => sum + a, 0);
  checkAmount(subtotal, 'subtotal');
  const coupon = options.coupon ? couponShares(options.coupon, lines, amounts, currency, rate) : null;
  const shares = coupon?.shares ?? amounts.map(() => 0);
  const couponDiscount = shares.reduce((sum, s) => sum + s, 0);
  const total = subtotal - couponDiscount;
  const charged = chargedCny(total, currency, rate);
  const paid = priced.map((line, i) => line.amount - shares[i]!);
  const cny = allocate(charged, paid);
  const sum = (pick: (line: (typeof priced)[number]) => number) => priced.reduce((s, l) => s + pick(l), 0);
  return {
    currency,
    rate,
    lines: priced.map((line, i) => ({ ...line, couponDiscount: shares[i]!, paid: paid[i]!, cny: cny[i]! })),
    listTotal: sum((l) => l.listUnit * l.num),
    tierDiscount: sum((l) => l.tierDiscount),
    levelDiscount: sum((l) => l.levelDiscount),
    couponDiscount,
    subtotal,
    total,
    charged,
    totalUsd: currency === 'USD' ? total : convertMinor(total, rate),
    coupon: coupon?.outcome ?? null,
  };
}

/** The figures an order keeps (its row and its items' rows), as priceLines gave them. */
export type StoredOrderPricing = {
  currency: Currency;
  exchange_rate_ppm: number | bigint;
  list_amount: number;
  tier_discount: number;
  level_discount: number;
  coupon_discount: number;
  total_amount: number;
  total_cny: number;
};
export type StoredItemPricing = {
  list_unit_price: number;
  unit_price: number;
  num: number;
  tier_discount: number;
  level_discount: number;
  coupon_discount: number;
  charged_cny: number;
};

/** The rows an order stores of its pricing (order/create writes these). */
export function pricingRows(p: Pricing): {
  order: Omit<StoredOrderPricing, 'currency' | 'exchange_rate_ppm'>;
  items: Omit<StoredItemPricing, 'num'>[];
} {
  return {
    order: {
      list_amount: p.listTotal,
      tier_discount: p.tierDiscount,
      level_discount: p.levelDiscount,
      coupon_discount: p.couponDiscount,
      total_amount: p.total,
      total_cny: p.charged,
    },
    items: p.lines.map((line) => ({
      list_unit_price: line.listUnit,
      unit_price: line.unit,
      tier_discount: line.tierDiscount,
      level_discount: line.levelDiscount,
      coupon_discount: line.couponDiscount,
      charged_cny: line.cny,
    })),
  };
}

/**
 * An order's pricing read back from its rows: every figure the order page, the receipt and the
 * console show. Stored numbers may come back as strings or bigints (PostgreSQL bigint); they are
 * read as safe integers. tierMin is not stored (null) and `coupon` is applied when a code took off.
 */
export function pricingFromRows(order: StoredOrderPricing, items: readonly StoredItemPricing[]): Pricing {
  const n = (v: number | bigint | string) => {
    const value = Number(v);
    checkAmount(value, 'stored amount');
    return value;
  };
  const lines = items.map((item) => {
    const amount = n(item.unit_price) * n(item.num);
    return {
      listUnit: n(item.list_unit_price),
      unit: n(item.unit_price),
      num: n(item.num),
      tierMin: null,
      tierDiscount: n(item.tier_discount),
      levelDiscount: n(item.level_discount),
      couponDiscount: n(item.coupon_discount),
      amount,
      paid: amount - n(item.coupon_discount),
      cny: n(item.charged_cny),
    };
  });
  const total = n(order.total_amount);
  const rate = BigInt(order.exchange_rate_ppm);
  return {
    currency: order.currency,
    rate,
    lines,
    listTotal: n(order.list_amount),
    tierDiscount: n(order.tier_discount),
    levelDiscount: n(order.level_discount),
    couponDiscount: n(order.coupon_discount),
    subtotal: lines.reduce((sum, l) => sum + l.amount, 0),
    total,
    charged: n(order.total_cny),
    totalUsd: order.currency === 'USD' ? total : convertMinor(total, rate),
    coupon: n(order.coupon_discount) > 0 ? { applied: true } : null,
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

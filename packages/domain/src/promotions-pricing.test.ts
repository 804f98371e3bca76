import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Currency } from './locale.ts';
import { convertMinor } from './money.ts';
import {
  chargedCny,
  convertBack,
  type CouponTerms,
  inScope,
  MAX_RATE,
  MIN_CHARGE,
  type PriceLine,
  priceLines,
  pricingFromRows,
  pricingRows,
} from './pricing.ts';

// Decision 069: the invariants of the one price computation with tiers, levels and codes, over
// random carts, both currencies and rates.

const optionKeys = ['s1', 's2', 'g3:f60', 'g4:f100'];
const line = fc.record({
  cny: fc.integer({ min: 0, max: 5_000_000 }),
  usd: fc.option(fc.integer({ min: 0, max: 800_000 }), { nil: null }),
  num: fc.integer({ min: 1, max: 120 }),
  tiers: fc.array(
    fc.record({
      min: fc.integer({ min: 2, max: 100 }),
      cny: fc.integer({ min: 0, max: 5_000_000 }),
      usd: fc.option(fc.integer({ min: 0, max: 800_000 }), { nil: null }),
    }),
    { maxLength: 3 },
  ),
  levelPrice: fc.option(
    fc.record({
      cny: fc.integer({ min: 0, max: 5_000_000 }),
      usd: fc.option(fc.integer({ min: 0, max: 800_000 }), { nil: null }),
    }),
    { nil: null },
  ),
  scope: fc.record({
    goodsId: fc.integer({ min: 1, max: 4 }),
    categoryIds: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 2 }),
    optionKey: fc.constantFrom(...optionKeys),
  }),
});
const cart = fc.array(line, { minLength: 1, maxLength: 8 });
const currency = fc.constantFrom<Currency>('CNY', 'USD');
const rate = fc.oneof(
  fc.bigInt({ min: 120_000n, max: 160_000n }),
  fc.bigInt({ min: 1n, max: MAX_RATE }),
  fc.constantFrom(1n, MAX_RATE, 138_000n),
);
const level = fc.option(fc.record({ discountBp: fc.integer({ min: 0, max: 9_999 }) }), { nil: null });
const coupon: fc.Arbitrary<CouponTerms | null> = fc.option(
  fc.oneof(
    fc.record({
      kind: fc.constant('percent' as const),
      amountCny: fc.constant(null),
      amountUsd: fc.constant(null),
      percentBp: fc.integer({ min: 1, max: 10_000 }),
      capCny: fc.option(fc.integer({ min: 1, max: 10_000_000 }), { nil: null }),
      minSpendCny: fc.integer({ min: 0, max: 20_000_000 }),
      scope: fc.constantFrom('all' as const, 'categories' as const, 'goods' as const, 'options' as const),
      scopeIds: fc.array(fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constantFrom(...optionKeys)), {
        maxLength: 3,
      }),
    }),
    fc.record({
      kind: fc.constant('fixed' as const),
      amountCny: fc.integer({ min: 1, max: 10_000_000 }),
      amountUsd: fc.option(fc.integer({ min: 1, max: 2_000_000 }), { nil: null }),
      percentBp: fc.constant(null),
      capCny: fc.constant(null),
      minSpendCny: fc.integer({ min: 0, max: 20_000_000 }),
      scope: fc.constantFrom('all' as const, 'categories' as const, 'goods' as const, 'options' as const),
      scopeIds: fc.array(fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constantFrom(...optionKeys)), {
        maxLength: 3,
      }),
    }),
  ),
  { nil: null },
);
const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

describe('pricing with tiers, levels and codes (decision 069)', () => {
  it('total = Σ lines − discounts, never below zero nor above the list total, CNY and USD consistent (property)', () => {
    fc.assert(
      fc.property(cart, currency, rate, level, coupon, (lines: PriceLine[], cur, r, lvl, code) => {
        const p = priceLines(lines, cur, r, { level: lvl, coupon: code });
        // The order's figures are the sums of its lines'.
        expect(p.listTotal).toBe(sum(p.lines.map((l) => l.listUnit * l.num)));
        expect(p.tierDiscount).toBe(sum(p.lines.map((l) => l.tierDiscount)));
        expect(p.levelDiscount).toBe(sum(p.lines.map((l) => l.levelDiscount)));
        expect(p.couponDiscount).toBe(sum(p.lines.map((l) => l.couponDiscount)));
        expect(p.subtotal).toBe(sum(p.lines.map((l) => l.amount)));
        expect(p.total).toBe(p.listTotal - p.tierDiscount - p.levelDiscount - p.couponDiscount);
        expect(p.total).toBe(sum(p.lines.map((l) => l.paid)));
        // Never below zero, never above the list total; a code leaves at least the smallest charge.
        expect(p.total).toBeGreaterThanOrEqual(0);
        expect(p.total).toBeLessThanOrEqual(p.listTotal);
        if (p.couponDiscount > 0) expect(p.total).toBeGreaterThanOrEqual(MIN_CHARGE);
        for (const [i, l] of p.lines.entries()) {
          expect(l.unit).toBeLessThanOrEqual(l.listUnit);
          expect(l.amount).toBe(l.unit * l.num);
          expect(l.couponDiscount).toBeGreaterThanOrEqual(0);
          expect(l.couponDiscount).toBeLessThanOrEqual(l.amount);
          expect(l.tierDiscount * l.levelDiscount).toBe(0); // tier and level never stack
          expect(l.tierDiscount + l.levelDiscount).toBe((l.listUnit - l.unit) * l.num);
          if (l.tierMin !== null) expect(l.tierMin).toBeLessThanOrEqual(lines[i]!.num);
          if (code && !inScope(code, lines[i]!.scope)) expect(l.couponDiscount).toBe(0);
        }
        // The CNY charged follows from the total at the frozen rate, and its shares sum to it.
        expect(p.charged).toBe(chargedCny(p.total, cur, r));
        expect(sum(p.lines.map((l) => l.cny))).toBe(p.charged);
        expect(convertBack(p.charged, cur, r)).toBe(p.total);
        expect(p.totalUsd).toBe(cur === 'USD' ? p.total : convertMinor(p.total, r));
        // A code takes off what its terms say at most.
        if (code?.kind === 'percent' && p.couponDiscount > 0) {
          const inside = sum(p.lines.filter((_, i) => inScope(code, lines[i]!.scope)).map((l) => l.amount));
          expect(p.couponDiscount).toBeLessThanOrEqual(Math.floor((inside * code.percentBp!) / 10_000));
        }
        if (code && p.coupon?.applied === false) expect(p.couponDiscount).toBe(0);
      }),
      { numRuns: 400 },
    );
  });

  it('a code never raises the total, and the same lines without it price as before (property)', () => {
    fc.assert(
      fc.property(cart, currency, rate, level, coupon, (lines: PriceLine[], cur, r, lvl, code) => {
        const without = priceLines(lines, cur, r, { level: lvl });
        const withCode = priceLines(lines, cur, r, { level: lvl, coupon: code });
        expect(withCode.total).toBeLessThanOrEqual(without.total);
        expect(withCode.subtotal).toBe(without.subtotal);
      }),
      { numRuns: 200 },
    );
  });

  it('reads back from the rows it stores: the same figures (property)', () => {
    fc.assert(
      fc.property(cart, currency, rate, level, coupon, (lines: PriceLine[], cur, r, lvl, code) => {
        const p = priceLines(lines, cur, r, { level: lvl, coupon: code });
        const rows = pricingRows(p);
        // As PostgreSQL returns bigint columns: strings.
        const back = pricingFromRows(
          { ...rows.order, currency: cur, exchange_rate_ppm: r } as never,
          rows.items.map((item, i) => ({
            ...Object.fromEntries(Object.entries(item).map(([k, v]) => [k, String(v)])),
            num: p.lines[i]!.num,
          })) as never,
        );
        expect({ ...back, coupon: null }).toEqual({
          ...p,
          coupon: null,
          lines: p.lines.map((l) => ({ ...l, tierMin: null })),
        });
      }),
      { numRuns: 200 },
    );
  });
});

describe('pricing examples (decision 069)', () => {
  const rate = 138_000n;
  const goods = (cny: number, num: number, extra: Partial<PriceLine> = {}): PriceLine => ({
    cny,
    num,
    scope: { goodsId: 1, categoryIds: [7, 2], optionKey: 's1' },
    ...extra,
  });

  it('a quantity tier gives its price from its quantity on: "10+ at ¥5.40 each"', () => {
    const tiers = [{ min: 10, cny: 540 }];
    expect(priceLines([goods(600, 9, { tiers })], 'CNY', rate).total).toBe(5_400);
    const p = priceLines([goods(600, 10, { tiers })], 'CNY', rate);
    expect(p.lines[0]).toMatchObject({ unit: 540, tierMin: 10, tierDiscount: 600, amount: 5_400 });
    expect(p.total).toBe(5_400);
  });

  it("a level takes its percent off, rounded in the buyer's favour never; the lower of tier and level wins", () => {
    // 5 % of ¥9.99 is 49.95 fen: 49 fen off, ¥9.50.
    expect(priceLines([goods(999, 1)], 'CNY', rate, { level: { discountBp: 500 } }).lines[0]!.unit).toBe(950);
    const tiers = [{ min: 10, cny: 540 }];
    const p = priceLines([goods(600, 10, { tiers })], 'CNY', rate, { level: { discountBp: 1_500 } });
    expect(p.lines[0]).toMatchObject({ unit: 510, tierMin: null, tierDiscount: 0, levelDiscount: 900 });
  });

  const tenPercent: CouponTerms = {
    kind: 'percent',
    amountCny: null,
    amountUsd: null,
    percentBp: 1_000,
    capCny: null,
    minSpendCny: 5_000,
    scope: 'categories',
    scopeIds: [7],
  };

  it('10 % off one category from ¥50: below the minimum says so, above it takes 10 % of the lines in scope', () => {
    const outside: PriceLine = {
      cny: 10_000,
      num: 1,
      scope: { goodsId: 9, categoryIds: [3], optionKey: 's9' },
    };
    const below = priceLines([goods(4_000, 1), outside], 'CNY', rate, { coupon: tenPercent });
    expect(below.coupon).toEqual({ applied: false, problem: 'coupon_min_spend', minSpend: 5_000 });
    expect(below.total).toBe(14_000);
    const p = priceLines([goods(3_000, 2), outside], 'CNY', rate, { coupon: tenPercent });
    expect(p.coupon).toEqual({ applied: true });
    expect(p.couponDiscount).toBe(600);
    expect(p.lines.map((l) => l.couponDiscount)).toEqual([600, 0]);
    expect(p.total).toBe(15_400);
    const none = priceLines([outside], 'CNY', rate, { coupon: tenPercent });
    expect(none.coupon).toMatchObject({ applied: false, problem: 'coupon_not_applicable' });
  });

  it('a fixed code on a USD order takes its USD amount, or its CNY amount at the rate', () => {
    const fixed: CouponTerms = {
      ...tenPercent,
      kind: 'fixed',
      percentBp: null,
      amountCny: 1_000,
      minSpendCny: 0,
      scope: 'all',
    };
    const usd = priceLines([goods(10_000, 1)], 'USD', rate, { coupon: fixed });
    expect(usd.listTotal).toBe(1_380);
    expect(usd.couponDiscount).toBe(138); // ¥10 at 0.138
    expect(usd.total).toBe(1_242);
    expect(usd.charged).toBe(chargedCny(1_242, 'USD', rate));
    const own = priceLines([goods(10_000, 1)], 'USD', rate, { coupon: { ...fixed, amountUsd: 150 } });
    expect(own.couponDiscount).toBe(150);
  });

  it('a code larger than the order leaves the smallest charge, split so that no line goes below zero', () => {
    const fixed: CouponTerms = {
      ...tenPercent,
      kind: 'fixed',
      percentBp: null,
      amountCny: 1_000_000,
      minSpendCny: 0,
      scope: 'all',
    };
    const p = priceLines([goods(333, 1), goods(667, 2)], 'CNY', rate, { coupon: fixed });
    expect(p.total).toBe(MIN_CHARGE);
    expect(p.lines.every((l) => l.paid >= 0)).toBe(true);
  });

  it('a percent code stops at its cap', () => {
    const p = priceLines([goods(100_000, 1)], 'CNY', rate, {
      coupon: { ...tenPercent, capCny: 2_000, minSpendCny: 0 },
    });
    expect(p.couponDiscount).toBe(2_000);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Currency } from './locale.ts';
import { convertMinor, RATE_SCALE } from './money.ts';
import {
  allocate,
  chargedCny,
  convertBack,
  isUsableRate,
  MAX_RATE,
  type PriceLine,
  priceLines,
  rateText,
} from './pricing.ts';

// Decision 031: the invariants of the pricing rule, over random carts, both currencies and rates.

const line = fc.record({
  cny: fc.integer({ min: 1, max: 5_000_000 }), // ¥0.01 – ¥50,000.00
  usd: fc.option(fc.integer({ min: 1, max: 800_000 }), { nil: null }), // $0.01 – $8,000.00 or none
  num: fc.integer({ min: 1, max: 99 }),
});
const cart = fc.array(line, { minLength: 1, maxLength: 10 });
const currency = fc.constantFrom<Currency>('CNY', 'USD');
/** Any usable rate, with realistic ones (0.12–0.16 USD per CNY) drawn often. */
const rate = fc.oneof(
  fc.bigInt({ min: 120_000n, max: 160_000n }),
  fc.bigInt({ min: 1n, max: MAX_RATE }),
  fc.constantFrom(1n, 999_999n, MAX_RATE, 138_000n),
);

describe('pricing (decision 031)', () => {
  it('every figure adds up, for random carts, currencies and rates (property)', () => {
    fc.assert(
      fc.property(cart, currency, rate, (lines: PriceLine[], cur, r) => {
        const p = priceLines(lines, cur, r);
        // Lines: unit × num, the unit being the explicit USD price first, else the converted CNY price.
        p.lines.forEach((priced, i) => {
          const source = lines[i]!;
          const unit = cur === 'CNY' ? source.cny : (source.usd ?? convertMinor(source.cny, r));
          expect(priced.unit).toBe(unit);
          expect(priced.num).toBe(source.num);
          expect(priced.amount).toBe(unit * source.num);
        });
        // Subtotal = Σ lines; total = subtotal.
        expect(p.subtotal).toBe(p.lines.reduce((s, l) => s + l.amount, 0));
        expect(p.total).toBe(p.subtotal);
        // Charged CNY against the rate line: the total itself in CNY; in USD round(total ÷ rate),
        // and the charged amount converted back with the shown rate is the total again.
        if (cur === 'CNY') expect(p.charged).toBe(p.total);
        else {
          const twice = 2n * BigInt(p.charged) * r;
          const exact = 2n * BigInt(p.total) * RATE_SCALE;
          expect(twice - exact <= r && exact - twice < r).toBe(true); // |charged − total/rate| ≤ ½, half up
        }
        expect(convertBack(p.charged, cur, r)).toBe(p.total);
        // Per-item shares: never negative, each within a fen of its exact part, summing to the charge.
        const shares = p.lines.map((l) => l.cny);
        expect(shares.every((s) => s >= 0)).toBe(true);
        expect(shares.reduce((s, x) => s + x, 0)).toBe(p.charged);
        p.lines.forEach((l) => {
          const exact = (BigInt(p.charged) * BigInt(l.amount) * 2n) / BigInt(Math.max(p.total, 1));
          expect(BigInt(2 * l.cny) - exact).toBeLessThanOrEqual(2n);
          expect(exact - BigInt(2 * l.cny)).toBeLessThanOrEqual(2n);
        });
        if (cur === 'CNY') expect(shares).toEqual(p.lines.map((l) => l.amount));
        // Refunds: each item refunds its share; refunding every item, in any split into two
        // batches (some now, the rest later), gives back exactly the charged CNY.
        const refundedNow = shares.filter((_, i) => i % 2 === 0).reduce((s, x) => s + x, 0);
        const refundedLater = shares.filter((_, i) => i % 2 === 1).reduce((s, x) => s + x, 0);
        expect(refundedNow + refundedLater).toBe(p.charged);
        // A USD buyer pays at most the shown total's worth, and a line with a price gets a share.
        p.lines.forEach((l) => {
          if (l.amount > 0) expect(l.cny).toBeGreaterThan(0);
        });
        // The cart (before the order) and the order price a line alike: pricing one line alone
        // gives the same unit and amount as pricing it among others.
        lines.forEach((source, i) => {
          const alone = priceLines([source], cur, r).lines[0]!;
          expect([alone.unit, alone.amount]).toEqual([p.lines[i]!.unit, p.lines[i]!.amount]);
        });
      }),
      { numRuns: 2_000 },
    );
  });

  it('charges the explicit USD price at the rate, not the CNY price (the reviewer’s order)', () => {
    // $124.33 at 0.138: ¥846.00 was charged before, and 846 × 0.138 = 116.75 ≠ 124.33.
    const p = priceLines([{ cny: 84_600, usd: 12_433, num: 1 }], 'USD', 138_000n);
    expect(p.total).toBe(12_433);
    expect(p.charged).toBe(90_094); // 124.33 ÷ 0.138 = 900.942…
    expect(convertMinor(p.charged, 138_000n)).toBe(12_433); // 900.94 × 0.138 = 124.3297… → 124.33
    const cny = priceLines([{ cny: 84_600, usd: 12_433, num: 1 }], 'CNY', 138_000n);
    expect([cny.total, cny.charged]).toEqual([84_600, 84_600]);
  });

  it('splits by largest remainder, earlier parts first on a tie', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10, [5, 3, 2])).toEqual([5, 3, 2]);
    expect(allocate(7, [1, 2])).toEqual([2, 5]); // 2.33 + 4.67 → the larger remainder wins
    expect(allocate(0, [0, 0])).toEqual([0, 0]);
    expect(() => allocate(1, [0])).toThrow(RangeError);
  });

  it('refuses rates above 1 USD per CNY, where the rate line could not add up', () => {
    // At 7.2 a USD cent is less than a fen's worth: $0.01 has no CNY amount that converts back.
    expect(convertMinor(0, 7_200_000n)).toBe(0);
    expect(convertMinor(1, 7_200_000n)).toBe(7);
    expect(isUsableRate(7_200_000n)).toBe(false);
    expect(isUsableRate(MAX_RATE + 1n)).toBe(false);
    expect(isUsableRate(0n)).toBe(false);
    expect(isUsableRate(MAX_RATE)).toBe(true);
    expect(() => chargedCny(1, 'USD', 7_200_000n)).toThrow(RangeError);
    expect(() => priceLines([{ cny: 1, num: 1 }], 'CNY', 0n)).toThrow(RangeError);
    expect(chargedCny(1, 'CNY', 138_000n)).toBe(1);
  });

  it('refuses quantities and prices that are not whole and positive', () => {
    expect(() => priceLines([{ cny: 1, num: 0 }], 'CNY', 138_000n)).toThrow(RangeError);
    expect(() => priceLines([{ cny: -1, num: 1 }], 'CNY', 138_000n)).toThrow(RangeError);
    expect(() => priceLines([{ cny: 1.5, num: 1 }], 'USD', 138_000n)).toThrow(RangeError);
  });

  it('writes the rate as the buyer reads it', () => {
    expect(rateText(138_000n)).toBe('0.138');
    expect(rateText(1_000_000n)).toBe('1');
    expect(rateText(1n)).toBe('0.000001');
    expect(rateText(1_250_000n)).toBe('1.25');
  });
});

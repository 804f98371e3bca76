import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convertMinor, formatMinor, parseDecimal, parseRate, priceIn, RATE_SCALE } from './money.ts';

describe('money', () => {
  it('formats minor units with two digits', () => {
    expect(formatMinor(6800, 'CNY')).toBe('68.00');
    expect(formatMinor(5, 'USD')).toBe('0.05');
    expect(formatMinor(0, 'USD')).toBe('0.00');
    expect(formatMinor(-1234, 'CNY')).toBe('-12.34');
    expect(() => formatMinor(1.5, 'CNY')).toThrow(RangeError);
  });

  it('parses decimals without floats and refuses the rest', () => {
    expect(parseDecimal('68', 'CNY')).toBe(6800);
    expect(parseDecimal('68.5', 'CNY')).toBe(6850);
    expect(parseDecimal('0.07', 'USD')).toBe(7);
    for (const bad of ['', '1.234', '1e3', 'abc', '1.', '.5', '1,00'])
      expect(parseDecimal(bad, 'CNY')).toBeUndefined();
  });

  it('parses rates into millionths', () => {
    expect(parseRate('0.138')).toBe(138_000n);
    expect(parseRate('7')).toBe(7_000_000n);
    for (const bad of ['0', '0.0000001', '-1', 'x', '']) expect(parseRate(bad)).toBeUndefined();
  });

  it('converts rounding half up to 0.01', () => {
    expect(convertMinor(6800, 138_000n)).toBe(938); // 938.4 → 938
    expect(convertMinor(6850, 138_000n)).toBe(945); // 945.3 → 945
    expect(convertMinor(25, 100_000n)).toBe(3); // 2.5 → 3 (half up)
    expect(convertMinor(15, 100_000n)).toBe(2); // 1.5 → 2
    expect(convertMinor(14, 100_000n)).toBe(1); // 1.4 → 1
    expect(convertMinor(0, 138_000n)).toBe(0);
  });

  it('is within half a cent of the exact value and monotonic (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), fc.integer({ min: 1, max: 50_000_000 }), (cny, rate) => {
        const out = convertMinor(cny, BigInt(rate));
        const exact = (BigInt(cny) * BigInt(rate) * 2n) / RATE_SCALE; // 2 × exact, floored
        // |out − exact| ≤ 0.5  ⇔  2·out − 1 ≤ 2·exact ≤ 2·out + 1 (with flooring slack)
        expect(BigInt(2 * out) - exact).toBeLessThanOrEqual(1n);
        expect(exact - BigInt(2 * out)).toBeLessThanOrEqual(1n);
        expect(convertMinor(cny + 1, BigInt(rate))).toBeGreaterThanOrEqual(out);
      }),
    );
  });

  it('prefers an explicit USD price, else converts; CNY is the stored price', () => {
    expect(priceIn('CNY', 6800, 999, 138_000n)).toBe(6800);
    expect(priceIn('USD', 6800, 999, 138_000n)).toBe(999);
    expect(priceIn('USD', 6800, null, 138_000n)).toBe(938);
  });
});

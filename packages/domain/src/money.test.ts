import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convertMinor,
  formatDecimalMoney,
  formatMinor,
  formatMoney,
  groupThousands,
  parseDecimal,
  parseRate,
  priceIn,
  RATE_SCALE,
} from './money.ts';

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

describe('money as a buyer reads it (decision 031)', () => {
  it('groups thousands with commas after the symbol, in both currencies', () => {
    expect(formatMoney(0, 'CNY')).toBe('¥0.00');
    expect(formatMoney(99_999, 'CNY')).toBe('¥999.99');
    expect(formatMoney(100_000, 'CNY')).toBe('¥1,000.00');
    expect(formatMoney(5_000_000, 'CNY')).toBe('¥50,000.00');
    expect(formatMoney(123_456_789, 'USD')).toBe('$1,234,567.89');
    expect(formatMoney(-123_456, 'CNY')).toBe('-¥1,234.56');
    expect(formatDecimalMoney('1280.00', 'CNY')).toBe('¥1,280.00');
    expect(formatDecimalMoney(' 9.99 ', 'USD')).toBe('$9.99');
    expect(formatDecimalMoney('n/a', 'USD')).toBe('$n/a');
    expect(groupThousands('1234567')).toBe('1,234,567');
    expect(groupThousands('123.4567')).toBe('123.4567');
  });

  it('is what Intl gives for CNY in zh-CN and USD in en (property)', () => {
    const zh = new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CNY' });
    const en = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (minor) => {
        const decimal = formatMinor(minor, 'CNY');
        expect(formatMoney(minor, 'CNY')).toBe(zh.format(decimal as unknown as number));
        expect(formatMoney(minor, 'USD')).toBe(en.format(decimal as unknown as number));
      }),
    );
  });
});

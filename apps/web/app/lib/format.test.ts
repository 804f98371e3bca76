import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, isoDate } from './format';

describe('dates in the shop time zone', () => {
  // 2026-11-21 17:30 UTC is already 2026-11-22 in Shanghai.
  const late = Date.UTC(2026, 10, 21, 17, 30);

  it('formats the calendar date in each language', () => {
    expect(formatDate(late, 'zh-CN')).toBe('2026年11月22日');
    expect(formatDate(late, 'en')).toBe('November 22, 2026');
  });

  it('gives the ISO date of the same day', () => {
    expect(isoDate(late)).toBe('2026-11-22');
  });
});

describe('money (decision 031)', () => {
  it('separates thousands in both currencies, the same in both languages', () => {
    expect(formatMoney('0.50', 'CNY')).toBe('¥0.50');
    expect(formatMoney('999.99', 'USD')).toBe('$999.99');
    expect(formatMoney('1280.00', 'CNY')).toBe('¥1,280.00');
    expect(formatMoney('50000.00', 'CNY')).toBe('¥50,000.00');
    expect(formatMoney('1234567.89', 'USD')).toBe('$1,234,567.89');
  });
});

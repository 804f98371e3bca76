import { describe, expect, it } from 'vitest';
import { currencyForLocale, parseCurrency, parseLocale } from './locale.ts';

describe('locale and currency (SPEC §9)', () => {
  it('defaults to zh-CN and CNY for missing or unknown values', () => {
    for (const v of [undefined, '', 'fr', 'EN', ['en'], 42]) expect(parseLocale(v)).toBe('zh-CN');
    for (const v of [undefined, '', 'EUR', 'usd']) expect(parseCurrency(v)).toBe('CNY');
    expect(parseLocale('en')).toBe('en');
    expect(parseCurrency('USD')).toBe('USD');
  });
  it('derives the currency from the language', () => {
    expect(currencyForLocale('zh-CN')).toBe('CNY');
    expect(currencyForLocale('en')).toBe('USD');
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_CONFIG, isSafeHref, normaliseLinks, normaliseSiteConfig } from './site-config';

describe('site config (SPEC §3)', () => {
  it('defaults to empty texts, switches off and the ¥ symbol', () => {
    expect(normaliseSiteConfig(undefined)).toEqual(DEFAULT_SITE_CONFIG);
    expect(DEFAULT_SITE_CONFIG.currency_symbol).toBe('¥');
  });

  it('converts the five payment switches to numbers', () => {
    const config = normaliseSiteConfig({
      balance_alipay_switch: '1',
      balance_wechat_switch: true,
      order_alipay_switch: 0,
      order_balance_switch: '0',
      order_wechat_switch: 1,
    });
    expect(config).toMatchObject({
      balance_alipay_switch: 1,
      balance_wechat_switch: 1,
      order_alipay_switch: 0,
      order_balance_switch: 0,
      order_wechat_switch: 1,
    });
  });

  it('keeps the currency and its symbol', () => {
    expect(normaliseSiteConfig({ currency: 'USD', currency_symbol: '' })).toMatchObject({
      currency: 'USD',
      currency_symbol: '$',
    });
    expect(normaliseSiteConfig({ currency: 'XXX' })).toMatchObject({ currency: 'CNY', currency_symbol: '¥' });
  });

  it('keeps only well-formed footer links with safe addresses', () => {
    expect(
      normaliseLinks([
        { id: 1, name: 'About', url: '/article/1' },
        { id: 2, name: 'Partner', url: 'https://example.com' },
        { id: 3, name: 'Evil', url: 'javascript:alert(1)' },
        { id: 4, name: '', url: '/x' },
        { id: 5, name: 'Proto', url: '//evil.example' },
        null,
      ]),
    ).toEqual([
      { id: 1, name: 'About', url: '/article/1' },
      { id: 2, name: 'Partner', url: 'https://example.com' },
    ]);
    expect(normaliseLinks({ not: 'a list' })).toEqual([]);
    expect(isSafeHref('HTTP://x.test')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_CONFIG, isSafeHref, safeLinks } from './site-config';

describe('site config (SPEC §3)', () => {
  it('defaults to empty texts, switches off and the ¥ symbol', () => {
    expect(DEFAULT_SITE_CONFIG).toMatchObject({
      new_logo_url: '',
      order_balance_switch: 0,
      currency_symbol: '¥',
    });
  });

  it('keeps only named footer links with safe addresses', () => {
    expect(
      safeLinks([
        { id: 1, name: 'About', url: '/article/1' },
        { id: 2, name: 'Partner', url: 'https://example.com' },
        { id: 3, name: 'Evil', url: 'javascript:alert(1)' },
        { id: 4, name: '', url: '/x' },
        { id: 5, name: 'Proto', url: '//evil.example' },
      ]),
    ).toEqual([
      { id: 1, name: 'About', url: '/article/1' },
      { id: 2, name: 'Partner', url: 'https://example.com' },
    ]);
    expect(isSafeHref('HTTP://x.test')).toBe(true);
  });
});

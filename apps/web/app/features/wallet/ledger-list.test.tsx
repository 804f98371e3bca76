import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@shop/domain/locale';
import { i18nForRequest } from '../../i18n/i18n.server';
import { I18nContext } from '../../i18n/use-translation';
import type { LedgerEntry } from './ledger';
import { LedgerList } from './ledger-list';

// Issue 31: the asset log says what a discounted order's tier, level and code took off, in words.

const entry = (extra: Partial<LedgerEntry>): LedgerEntry => ({
  id: 1,
  type: 'order_payment',
  title: 'Order payment',
  amount: '-48.60',
  balance_before: '100.00',
  balance_after: '51.40',
  currency: 'CNY',
  ref: '20261128000000000001',
  paid_for: null,
  discount: { currency: 'CNY', amount: '11.40', coupon_code: 'SAVE10' },
  created_at: Date.UTC(2026, 10, 28, 4, 5),
  ...extra,
});

const render = (locale: Locale, entries: LedgerEntry[]) =>
  renderToStaticMarkup(
    createElement(
      I18nContext.Provider,
      { value: i18nForRequest(locale) },
      createElement(MemoryRouter, null, createElement(LedgerList, { entries, label: 'log' })),
    ),
  );

describe('the asset log\u2019s discount line', () => {
  it('the discount with its code, in both languages', () => {
    const en = render('en', [entry({})]);
    expect(en).toMatch(/data-testid="ledger-discount"[^>]*>¥11.40 off the order \(code SAVE10\)</);
    expect(en).toContain('\u2212¥48.60');
    const zh = render('zh-CN', [entry({})]);
    expect(zh).toContain('订单已优惠 ¥11.40（优惠码 SAVE10）');
  });

  it('a USD order\u2019s discount in dollars, without a code; none on other entries', () => {
    const usd = render('en', [entry({ discount: { currency: 'USD', amount: '0.41', coupon_code: null } })]);
    expect(usd).toContain('$0.41 off the order<');
    const plain = render('en', [entry({ type: 'recharge', amount: '100.00', discount: null, ref: 'R1' })]);
    expect(plain).not.toContain('ledger-discount');
  });
});

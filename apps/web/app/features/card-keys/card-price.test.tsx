import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@shop/domain/locale';
import { i18nForRequest } from '../../i18n/i18n.server';
import { I18nContext } from '../../i18n/use-translation';
import type { DeliveredCard } from './card-keys';
import { CardKeyItem } from './card-key-item';

// Issue 31: a delivered key says what it cost: its list price and, after the order's discounts,
// what was paid for it (on the all-keys page and an order's keys).

const card = (extra: Partial<DeliveredCard> = {}): DeliveredCard => ({
  id: 5,
  oid: '20261128000000000001',
  goods_name: 'Arena Gift Card',
  spec: '¥100',
  instructions: 'Redeem it.',
  revealed: false,
  list_price: '100.00',
  paid_price: '90.00',
  currency: 'CNY',
  delivered_at: Date.UTC(2026, 10, 28, 4, 5),
  order_keys: 1,
  ...extra,
});

const render = (locale: Locale, c: DeliveredCard) =>
  renderToStaticMarkup(
    createElement(
      I18nContext.Provider,
      { value: i18nForRequest(locale) },
      createElement(CardKeyItem, { card: c, secret: undefined, onReveal: async () => undefined }),
    ),
  );

describe('a key\u2019s price', () => {
  it('list and paid when a discount took something off, in both languages', () => {
    expect(render('en', card())).toMatch(/data-testid="card-price"[^>]*>List ¥100.00 · paid ¥90.00</);
    expect(render('zh-CN', card())).toContain('原价 ¥100.00 · 实付 ¥90.00');
  });

  it('only the price when nothing was taken off; USD keys in dollars', () => {
    const plain = render('en', card({ paid_price: '100.00' }));
    expect(plain).toContain('Price ¥100.00');
    expect(plain).not.toContain('paid');
    expect(render('zh-CN', card({ currency: 'USD', list_price: '13.80', paid_price: '12.42' }))).toContain(
      '原价 $13.80 · 实付 $12.42',
    );
  });
});

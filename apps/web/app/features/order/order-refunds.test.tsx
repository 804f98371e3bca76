import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@shop/domain/locale';
import { i18nForRequest } from '../../i18n/i18n.server';
import { I18nContext } from '../../i18n/use-translation';
import type { Order } from '../../lib/order';
import { OrderRefunds } from './order-refunds';

// The buyer's order page shows what went back (issue 29, decision 058), in both languages.

const order = {
  oid: '20261128000000000001',
  currency: 'USD',
  items: [{ id: 7, goods_name: 'Arena Gift Card' }],
  refunded_amount: '6.76',
  refunds: [
    {
      no: 'R1',
      order_item_id: 7,
      amount: '6.76',
      amount_cny: '49.00',
      destination: 'alipay',
      status: 'succeeded',
      reason: 'Late delivery',
      created_at: Date.UTC(2026, 10, 28, 4, 5),
      finished_at: Date.UTC(2026, 10, 28, 4, 5),
    },
  ],
  keys_withdrawn: [],
} as unknown as Order;

const render = (locale: Locale, o: Order) =>
  renderToStaticMarkup(
    createElement(
      I18nContext.Provider,
      { value: i18nForRequest(locale) },
      createElement(OrderRefunds, { order: o }),
    ),
  );

describe('the order page\u2019s refunds', () => {
  it('lists each refund: amount in the order currency and CNY, where it went, the reason, the labelled time', () => {
    const en = render('en', order);
    expect(en).toContain('Refunds');
    expect(en).toContain('6.76');
    expect(en).toContain('¥49.00');
    expect(en).toContain('Back to your Alipay payment');
    expect(en).toContain('Reason: Late delivery');
    expect(en).toContain('(Beijing time)');
    expect(en).toContain('12:05');
    const zh = render('zh-CN', order);
    expect(zh).toContain('退款记录');
    expect(zh).toContain('原路退回支付宝');
    expect(zh).toContain('原因：Late delivery');
    expect(zh).toContain('北京时间');
  });

  it('shows nothing for an order without refunds (or a list row, which has none)', () => {
    expect(render('en', { ...order, refunds: [] } as unknown as Order)).toBe('');
    const { refunds: _r, refunded_amount: _a, ...plain } = order as unknown as Record<string, unknown>;
    expect(render('en', plain as unknown as Order)).toBe('');
  });
});

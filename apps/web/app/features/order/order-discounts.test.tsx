import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderIn, textOf } from '../../lib/static-render.test-helper';
import type { Order, OrderItem } from '../../lib/order';
import { OrderAmounts } from './order-amounts';
import { OrderItems } from './order-items';

// Issue 31: checkout and the order's detail show the discounts the order froze: the goods at list
// price, each discount, the total, and per item the list price and what it cost after the code.

const item = (extra: Partial<OrderItem>): OrderItem =>
  ({
    id: 1,
    goods_id: 3,
    goods_sku_id: 30,
    face_value: 0,
    spec_type: 1,
    recharge_type: 1,
    goods_name: 'Gift card',
    spec: '¥6',
    image: '',
    player_id: '',
    server_id: 0,
    server: '',
    nickname: '',
    num: 10,
    price: '5.40',
    total_price: '54.00',
    list_price: '6.00',
    tier_discount: '6.00',
    level_discount: '0.00',
    coupon_discount: '5.40',
    paid_amount: '48.60',
    ships: false,
    delivery: null,
    ...extra,
  }) as OrderItem;

const order = (extra: Partial<Order> = {}): Order =>
  ({
    oid: 'D20261128000001',
    status: 'pending_payment',
    currency: 'CNY',
    total_amount: '48.60',
    total_cny: '48.60',
    list_amount: '60.00',
    tier_discount: '6.00',
    level_discount: '0.00',
    coupon_discount: '5.40',
    coupon_code: 'SAVE10',
    level_name: null,
    exchange_rate: '1.000000',
    item_count: 10,
    items: [item({})],
    ...extra,
  }) as Order;

describe('the order\u2019s amounts with discounts', () => {
  it('list price, the tier and the code, the total: in both languages', () => {
    const en = textOf(renderIn('en', createElement(OrderAmounts, { order: order() })));
    expect(en).toContain('Items (10 pcs)¥60.00');
    expect(en).toContain('Quantity discount\u2212¥6.00');
    expect(en).toContain('Code SAVE10\u2212¥5.40');
    expect(en).toContain('Order total¥48.60');
    expect(en).not.toContain('Member');
    const zh = textOf(renderIn('zh-CN', createElement(OrderAmounts, { order: order() })));
    expect(zh).toContain('批量优惠\u2212¥6.00');
    expect(zh).toContain('优惠码 SAVE10\u2212¥5.40');
    expect(zh).toContain('¥48.60');
  });

  it('a USD order: the discounts in dollars and the CNY charged at the frozen rate', () => {
    const usd = order({
      currency: 'USD',
      list_amount: '8.28',
      tier_discount: '0.00',
      level_discount: '0.41',
      coupon_discount: '0.00',
      coupon_code: null,
      level_name: 'Gold',
      total_amount: '7.87',
      total_cny: '57.00',
      exchange_rate: '0.138000',
    });
    const en = textOf(renderIn('en', createElement(OrderAmounts, { order: usd })));
    expect(en).toContain('Member discount (Gold)\u2212$0.41');
    expect(en).toContain('Order total$7.87');
    expect(en).toContain('¥57.00');
  });

  it('an order without discounts keeps its one subtotal row', () => {
    const plain = order({
      list_amount: '60.00',
      tier_discount: '0.00',
      coupon_discount: '0.00',
      coupon_code: null,
      total_amount: '60.00',
    });
    const html = renderIn('en', createElement(OrderAmounts, { order: plain }));
    expect(html).not.toContain('discount-');
    expect(textOf(html)).toContain('Items (10 pcs)¥60.00');
  });
});

describe('the order\u2019s items with discounts', () => {
  it('the list price struck through, the tier price × num, and what the item cost after the code', () => {
    const en = renderIn('en', createElement(OrderItems, { items: [item({})], currency: 'CNY' }));
    expect(en).toMatch(/<s[^>]*data-testid="line-list"[^>]*>¥6.00<\/s>/);
    expect(textOf(en)).toContain('¥5.40 × 10');
    expect(textOf(en)).toContain('Paid ¥48.60 after the code');
    const zh = renderIn('zh-CN', createElement(OrderItems, { items: [item({})], currency: 'CNY' }));
    expect(textOf(zh)).toContain('用码后实付 ¥48.60');
    const plain = renderIn(
      'en',
      createElement(OrderItems, {
        items: [
          item({
            price: '6.00',
            total_price: '60.00',
            tier_discount: '0.00',
            coupon_discount: '0.00',
            paid_amount: '60.00',
          }),
        ],
        currency: 'CNY',
      }),
    );
    expect(plain).not.toContain('line-list');
    expect(plain).not.toContain('line-paid');
  });
});

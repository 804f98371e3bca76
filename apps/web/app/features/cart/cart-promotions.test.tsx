import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderIn, textOf } from '../../lib/static-render.test-helper';
import type { CartItem } from '../../lib/cart-data';
import { useUserStore } from '../../stores/user';
import { CartLines } from './cart-lines';
import { couponState, useCartCoupon } from './cart-coupon-store';
import { CartCoupon, CartTotals } from './cart-totals';

// Issue 31 in the cart: a line priced by a quantity tier says so (its list price struck through),
// the code field shows the cart's code, which goes with the order only while it applies, and the
// total is cart/show's until a quote (the server's price function) is asked for.

const line = (extra: Partial<CartItem> = {}): CartItem => ({
  id: 1,
  num: 10,
  goods_id: 8,
  goods_sku_id: 80,
  spec_type: 1,
  face_value: 0,
  currency: 'CNY',
  price: '5.40',
  list_price: '6.00',
  tier_min: 10,
  player_id: '',
  server_id: 0,
  server: '',
  nickname: '',
  recharge_type: 1,
  topup_quantity: true,
  ships: false,
  goods_name: 'Gift card',
  image: '',
  spec: '¥6',
  total_price: '54.00',
  stock: null,
  available: true,
  ...extra,
});

afterEach(() => useCartCoupon.getState().clear());

describe('a cart line priced by a quantity tier', () => {
  it('the tier named, the list price struck, the tier price × num, in both languages', () => {
    const en = renderIn('en', createElement(CartLines, { items: [line()] }));
    expect(en).toMatch(/data-testid="line-tier"[^>]*>10\+ price</);
    expect(en).toMatch(/<s[^>]*data-testid="line-list"[^>]*>¥6.00<\/s>/);
    expect(textOf(en)).toContain('¥5.40 × 10');
    expect(en).toMatch(/data-testid="line-total"[^>]*>¥54.00</);
    expect(renderIn('zh-CN', createElement(CartLines, { items: [line()] }))).toContain('满 10 件价');
  });

  it('below the tier: no badge, no struck price', () => {
    const html = renderIn(
      'en',
      createElement(CartLines, {
        items: [line({ num: 2, price: '6.00', tier_min: null, total_price: '12.00' })],
      }),
    );
    expect(html).not.toContain('line-tier');
    expect(html).not.toContain('line-list');
  });
});

describe('the cart\u2019s code', () => {
  it('the field starts empty, in both languages (zustand renders its initial state on the server)', () => {
    const items = [line()];
    expect(renderIn('en', createElement(CartCoupon, { items }))).toContain('data-state="none"');
    expect(renderIn('zh-CN', createElement(CartCoupon, { items }))).toContain('优惠码');
  });

  it('couponState: kept but not applying is "idle" with the words; none without a code', () => {
    expect(couponState({ code: '', applied: false, message: '' })).toEqual({ kind: 'none' });
    expect(couponState({ code: 'A1B2', applied: true, message: '' })).toEqual({
      kind: 'applied',
      code: 'A1B2',
    });
    expect(couponState({ code: 'A1B2', applied: false, message: 'why' })).toEqual({
      kind: 'idle',
      code: 'A1B2',
      message: 'why',
    });
  });

  it('is forgotten on logout', () => {
    useCartCoupon.getState().set('SAVE10', true, '');
    useUserStore.getState().reset();
    expect(useCartCoupon.getState().code).toBe('');
  });
});

describe('the cart total before a quote', () => {
  it('cart/show\u2019s total, and for USD the CNY it will charge', () => {
    const html = renderIn(
      'en',
      createElement(CartTotals, {
        items: [line({ currency: 'USD', price: '0.75', list_price: '0.83', total_price: '7.50' })],
        currency: 'USD',
        total: '7.50',
        totalCny: '54.35',
        rate: '0.138000',
        testId: 'cart-total',
      }),
    );
    expect(html).toMatch(/data-testid="cart-total"[^>]*>\$7.50</);
    expect(html).toContain('¥54.35');
    expect(html).not.toContain('discount-');
  });
});

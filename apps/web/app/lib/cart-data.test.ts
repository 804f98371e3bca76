import { describe, expect, it } from 'vitest';
import type { CartLine } from '@shop/contract/cart';
import { normaliseCartResponse, type CartShowBody } from './cart-data';

const line = (id: number): CartLine => ({
  id,
  num: 2,
  goods_id: 7,
  goods_sku_id: 70,
  spec_type: 1,
  face_value: 0,
  currency: 'CNY',
  price: '6.00',
  list_price: '6.00',
  tier_min: null,
  player_id: '',
  server_id: 0,
  server: '',
  nickname: '',
  recharge_type: 1,
  topup_quantity: true,
  ships: false,
  goods_name: 'Card',
  image: '/images/goods/card.svg',
  spec: '¥6',
  total_price: '12.00',
  stock: 10,
  available: true,
});

const body = (data: CartShowBody['data']): CartShowBody => ({
  code: 200,
  msg: 'ok',
  data,
  count: 120,
  total_pay_price: '12.00',
  total_cny: '86.96',
  exchange_rate: '0.138000',
  currency: 'USD',
});

describe('cart data (SPEC §3)', () => {
  it('keeps an array as a list, with count, totals and currency read beside data', () => {
    expect(normaliseCartResponse(body([line(1), line(2)]))).toEqual({
      items: [line(1), line(2)],
      count: 120,
      total_pay_price: '12.00',
      total_cny: '86.96',
      exchange_rate: '0.138000',
      currency: 'USD',
    });
  });

  it('turns an object keyed by id into a list', () => {
    expect(normaliseCartResponse(body({ 5: line(5), 9: line(9) })).items.map((i) => i.id)).toEqual([5, 9]);
  });
});

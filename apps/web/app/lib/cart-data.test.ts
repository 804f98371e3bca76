import { describe, expect, it } from 'vitest';
import { normaliseCartItems, normaliseCartResponse } from './cart-data';

const line = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  num: 2,
  goods_id: 7,
  goods_sku_id: 70,
  spec_type: 1,
  face_value: 0,
  currency: 'CNY',
  price: '6.00',
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
  ...extra,
});

describe('cart data (SPEC §3)', () => {
  it('keeps an array as a list', () => {
    expect(normaliseCartItems([line(1), line(2)]).map((i) => i.id)).toEqual([1, 2]);
  });

  it('keeps the lines of the API as they are', () => {
    expect(normaliseCartItems([line(1)])).toEqual([line(1)]);
  });

  it('turns an object keyed by id into a list', () => {
    const items = normaliseCartItems({ 5: line(5), 9: { ...line(9), id: undefined } });
    expect(items.map((i) => i.id)).toEqual([5, 9]);
    expect(items[1]?.price).toBe('6.00');
  });

  it('drops malformed lines and fills missing fields', () => {
    const items = normaliseCartItems(
      [null, 'x', { goods_id: 1 }, { id: '3', num: '4', player_id: 123, price: '1.50', face_value: '60' }],
      'USD',
    );
    expect(items).toHaveLength(1);
    expect(items[0]).toEqual({
      id: 3,
      num: 4,
      goods_id: 0,
      goods_sku_id: 0,
      spec_type: 1,
      face_value: 60,
      currency: 'USD',
      price: '1.50',
      player_id: '123',
      server_id: 0,
      server: '',
      nickname: '',
      recharge_type: 1,
      topup_quantity: true,
      ships: false,
      goods_name: '',
      image: '',
      spec: '',
      total_price: '6.00',
      stock: null,
      available: true,
    });
  });

  it('reads a top-up without topup_quantity as bought once per line (decision 033)', () => {
    const [topup] = normaliseCartItems([{ ...line(4), recharge_type: 2, topup_quantity: undefined }]);
    expect(topup?.topup_quantity).toBe(false);
    const [allowed] = normaliseCartItems([line(5, { recharge_type: 2, topup_quantity: true })]);
    expect(allowed?.topup_quantity).toBe(true);
  });

  it('keeps an unavailable line marked, with its stock', () => {
    expect(normaliseCartItems([line(1, { available: false, stock: 0 })])[0]).toMatchObject({
      available: false,
      stock: 0,
    });
  });

  it('treats anything else as an empty cart', () => {
    expect(normaliseCartItems(null)).toEqual([]);
    expect(normaliseCartItems('oops')).toEqual([]);
  });

  it('reads count, total_pay_price and currency beside data', () => {
    const cart = normaliseCartResponse({
      code: 200,
      msg: 'ok',
      data: { 1: line(1, { currency: undefined }) },
      count: 120,
      total_pay_price: '12.00',
      total_cny: '86.96',
      exchange_rate: '0.138000',
      currency: 'USD',
    });
    expect(cart).toEqual({
      items: [expect.objectContaining({ id: 1, currency: 'USD' })],
      count: 120,
      total_pay_price: '12.00',
      total_cny: '86.96',
      exchange_rate: '0.138000',
      currency: 'USD',
    });
  });

  it('also reads them inside data, and falls back to the sum of the quantities', () => {
    expect(
      normaliseCartResponse({ data: { 1: line(1), count: 4, total_pay_price: '3.00', currency: 'CNY' } }),
    ).toMatchObject({ items: [expect.objectContaining({ id: 1 })], count: 4, total_pay_price: '3.00' });
    expect(normaliseCartResponse({ data: [line(1), line(2, { num: 5 })] })).toMatchObject({
      count: 7,
      total_pay_price: '0.00',
      currency: 'CNY',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { normaliseCartItems, normaliseCartResponse } from './cart-data';

const line = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  num: 2,
  goods_id: 7,
  goods_sku_id: 70,
  spec_type: 1,
  face_value: '',
  currency: 'CNY',
  price: '6.00',
  player_id: '',
  server_id: '',
  server: '',
  recharge_type: 1,
  ...extra,
});

describe('cart data (SPEC §3)', () => {
  it('keeps an array as a list', () => {
    expect(normaliseCartItems([line(1), line(2)]).map((i) => i.id)).toEqual([1, 2]);
  });

  it('turns an object keyed by id into a list', () => {
    const items = normaliseCartItems({ 5: line(5), 9: { ...line(9), id: undefined } });
    expect(items.map((i) => i.id)).toEqual([5, 9]);
    expect(items[1]?.price).toBe('6.00');
  });

  it('drops malformed lines and fills missing fields', () => {
    const items = normaliseCartItems([null, 'x', { goods_id: 1 }, { id: '3', num: '4', player_id: 123 }]);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: 3,
      num: 4,
      player_id: '123',
      spec_type: 1,
      recharge_type: 1,
      face_value: '',
    });
  });

  it('treats anything else as an empty cart', () => {
    expect(normaliseCartItems(null)).toEqual([]);
    expect(normaliseCartItems('oops')).toEqual([]);
  });

  it('reads count and total_pay_price beside data', () => {
    const cart = normaliseCartResponse({
      code: 200,
      msg: 'ok',
      data: { 1: line(1) },
      count: 120,
      total_pay_price: '12.00',
    });
    expect(cart).toEqual({
      items: [expect.objectContaining({ id: 1 })],
      count: 120,
      total_pay_price: '12.00',
    });
  });

  it('also reads them inside data, and falls back to the line count', () => {
    expect(normaliseCartResponse({ data: { 1: line(1), count: 4, total_pay_price: '3.00' } })).toMatchObject({
      count: 4,
      total_pay_price: '3.00',
    });
    expect(normaliseCartResponse({ data: [line(1), line(2)] })).toMatchObject({
      count: 2,
      total_pay_price: '0.00',
    });
  });
});

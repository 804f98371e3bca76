import { describe, expect, it } from 'vitest';
import {
  addedQuantity,
  lineQuantityLimit,
  payloadItem,
  planCartAdd,
  unavailableReason,
  type CartAddRequest,
} from './cart-actions';
import type { CartItem } from './cart-data';

const line = (id: number, extra: Partial<CartItem> = {}): CartItem => ({
  id,
  num: 2,
  goods_id: 8,
  goods_sku_id: 80,
  spec_type: 1,
  face_value: 0,
  currency: 'CNY',
  price: '100.00',
  list_price: '100.00',
  tier_min: null,
  player_id: '',
  server_id: 0,
  server: '',
  nickname: '',
  recharge_type: 1,
  topup_quantity: true,
  ships: false,
  goods_name: 'PlayNest',
  image: '',
  spec: '¥100',
  total_price: '200.00',
  stock: null,
  available: true,
  ...extra,
});

const skuRequest = (extra: Partial<CartAddRequest> = {}): CartAddRequest => ({
  goods_id: 8,
  goods_sku_id: 80,
  num: 1,
  face_value: 0,
  currency: 'CNY',
  price: '100.00',
  player_id: '',
  server_id: 0,
  server: '',
  spec_type: 1,
  recharge_type: 1,
  ...extra,
});

const topUpLine = (id: number, player_id: string, server_id = 3) =>
  line(id, {
    goods_id: 1,
    goods_sku_id: 0,
    spec_type: 2,
    face_value: 60,
    recharge_type: 2,
    player_id,
    server_id,
    server: 'Official',
  });
const topUpRequest = (player_id: string, server_id = 3, extra: Partial<CartAddRequest> = {}) =>
  skuRequest({
    goods_id: 1,
    goods_sku_id: 0,
    spec_type: 2,
    face_value: 60,
    recharge_type: 2,
    player_id,
    server_id,
    server: 'Official',
    ...extra,
  });

describe('planCartAdd (SPEC §4 "Cart add")', () => {
  it('raises a line with the same SKU by the added quantity through the update call', () => {
    expect(planCartAdd([line(4), line(5, { goods_sku_id: 81 })], skuRequest({ num: 3 }))).toEqual({
      kind: 'update',
      id: 4,
      num: 5,
    });
  });

  it('adds the default quantity of 1 when none is given', () => {
    expect(planCartAdd([line(4)], skuRequest({ num: Number.NaN }))).toEqual({
      kind: 'update',
      id: 4,
      num: 3,
    });
    expect(planCartAdd([], skuRequest({ num: 0 }))).toMatchObject({ kind: 'add', num: 1, item: { num: 1 } });
  });

  it('adds a new line for another SKU, without the matching-only fields', () => {
    const plan = planCartAdd([line(4)], skuRequest({ goods_sku_id: 81, num: 2 }));
    expect(plan).toEqual({
      kind: 'add',
      num: 2,
      item: {
        goods_id: 8,
        goods_sku_id: 81,
        num: 2,
        face_value: 0,
        currency: 'CNY',
        price: '100.00',
        player_id: '',
        server_id: 0,
        server: '',
      },
    });
  });

  it('matches face-value goods on goods_id and face_value', () => {
    const lines = [line(7, { goods_id: 1, goods_sku_id: 0, spec_type: 2, face_value: 60 })];
    const request = skuRequest({ goods_id: 1, goods_sku_id: 0, spec_type: 2, face_value: 60 });
    expect(planCartAdd(lines, request)).toMatchObject({ kind: 'update', id: 7 });
    expect(planCartAdd(lines, { ...request, face_value: 300 })).toMatchObject({ kind: 'add' });
    expect(planCartAdd(lines, { ...request, goods_id: 2 })).toMatchObject({ kind: 'add' });
  });

  it('needs the same player and server for a direct top-up', () => {
    const lines = [topUpLine(9, '10086')];
    expect(planCartAdd(lines, topUpRequest('10086'))).toMatchObject({ kind: 'update', id: 9, num: 3 });
    expect(planCartAdd(lines, topUpRequest(' 10086 '))).toMatchObject({ kind: 'update', id: 9 });
    expect(planCartAdd(lines, topUpRequest('10087'))).toMatchObject({ kind: 'add' });
    expect(planCartAdd(lines, topUpRequest('10086', 4))).toMatchObject({ kind: 'add' });
  });

  it('leaves a sum above the line limit to the server to refuse', () => {
    expect(planCartAdd([line(4, { num: 98 })], skuRequest({ num: 5 }))).toEqual({
      kind: 'update',
      id: 4,
      num: 103,
    });
  });
});

describe('payloadItem', () => {
  it('trims the player id and keeps the SPEC §3 fields only', () => {
    const item = payloadItem(topUpRequest('  abc  '));
    expect(item.player_id).toBe('abc');
    expect(Object.keys(item).sort()).toEqual(
      [
        'currency',
        'face_value',
        'goods_id',
        'goods_sku_id',
        'num',
        'player_id',
        'price',
        'server',
        'server_id',
      ].sort(),
    );
  });
});

describe('addedQuantity', () => {
  it('keeps whole numbers from 1 and defaults the rest to 1', () => {
    expect(addedQuantity(4)).toBe(4);
    for (const bad of [0, -2, 1.5, Number.NaN, '3', undefined]) expect(addedQuantity(bad)).toBe(1);
  });
});

describe('lineQuantityLimit', () => {
  it('is 99 without a stock limit, the stock below that, and never under 1', () => {
    expect(lineQuantityLimit({ stock: null })).toBe(99);
    expect(lineQuantityLimit({ stock: 500 })).toBe(99);
    expect(lineQuantityLimit({ stock: 3 })).toBe(3);
    expect(lineQuantityLimit({ stock: 0 })).toBe(1);
  });

  it('lets a top-up bought once per line only come back down (decision 033)', () => {
    expect(lineQuantityLimit({ stock: null, num: 1, topup_quantity: false })).toBe(1);
    expect(lineQuantityLimit({ stock: null, num: 3, topup_quantity: false })).toBe(3);
    expect(lineQuantityLimit({ stock: 2, num: 3, topup_quantity: false })).toBe(2);
    expect(lineQuantityLimit({ stock: null, num: 3, topup_quantity: true })).toBe(99);
  });
});

describe('unavailableReason', () => {
  it('is null for a line that counts in the total', () => {
    expect(unavailableReason({ available: true, stock: 0, num: 5 })).toBeNull();
  });
  it('tells sold out, short stock and off sale apart', () => {
    expect(unavailableReason({ available: false, stock: 0, num: 1 })).toEqual({ kind: 'soldOut' });
    expect(unavailableReason({ available: false, stock: 2, num: 5 })).toEqual({ kind: 'lowStock', left: 2 });
    expect(unavailableReason({ available: false, stock: 9, num: 5 })).toEqual({ kind: 'offSale' });
    expect(unavailableReason({ available: false, stock: null, num: 5 })).toEqual({ kind: 'offSale' });
  });
});

import { describe, expect, it } from 'vitest';
import {
  cartAddItem,
  clampQuantity,
  defaultOption,
  goodsOptions,
  hasDiscount,
  lineTotal,
  chargedCnyFor,
  quantityLimit,
  type GoodsOption,
} from './goods-options';

const sku = (
  id: number,
  price: string,
  extra: Partial<{ in_stock: boolean; stock: number | null }> = {},
) => ({
  id,
  spec: `SKU ${id}`,
  price,
  original_price: null,
  in_stock: true,
  stock: null,
  tiers: [] as { min_num: number; price: string }[],
  ...extra,
});

describe('goodsOptions', () => {
  it('maps SKUs (spec_type 1) to goods_sku_id', () => {
    const options = goodsOptions({ spec_type: 1, skus: [sku(7, '6.00')], face_values: [] });
    expect(options).toEqual([
      expect.objectContaining({
        key: 'sku-7',
        label: 'SKU 7',
        goods_sku_id: 7,
        face_value: 0,
        price: '6.00',
      }),
    ]);
  });

  it('maps face values (spec_type 2) to face_value', () => {
    const options = goodsOptions({
      spec_type: 2,
      skus: [],
      face_values: [
        {
          face_value: 60,
          label: '60 点',
          price: '6.00',
          original_price: '8.00',
          in_stock: true,
          stock: null,
          tiers: [],
        },
      ],
    });
    expect(options[0]).toMatchObject({
      key: 'fv-60',
      goods_sku_id: 0,
      face_value: 60,
      original_price: '8.00',
    });
  });
});

describe('defaultOption', () => {
  it('picks the first option in stock', () => {
    const options = goodsOptions({
      spec_type: 1,
      skus: [sku(1, '1.00', { in_stock: false }), sku(2, '2.00', { stock: 0 }), sku(3, '3.00')],
      face_values: [],
    });
    expect(defaultOption(options)?.key).toBe('sku-3');
  });
  it('is undefined when everything is sold out', () => {
    const options = goodsOptions({
      spec_type: 1,
      skus: [sku(1, '1.00', { in_stock: false })],
      face_values: [],
    });
    expect(defaultOption(options)).toBeUndefined();
  });
});

describe('quantity', () => {
  const option = (stock: number | null) => ({ stock }) as GoodsOption;
  it('is limited by max_quantity and by the stock left, never below 1', () => {
    expect(quantityLimit(10, option(null))).toBe(10);
    expect(quantityLimit(10, option(3))).toBe(3);
    expect(quantityLimit(10, option(0))).toBe(1);
    expect(quantityLimit(0, undefined)).toBe(1);
    expect(quantityLimit(5, undefined)).toBe(5);
  });
  it.each([
    [0, 5, 1],
    [-3, 5, 1],
    [3, 5, 3],
    [9, 5, 5],
    [2.7, 5, 2],
    [Number.NaN, 5, 1],
    [Number.POSITIVE_INFINITY, 5, 1],
  ])('clamps %d into 1..%i → %i', (value, limit, expected) => {
    expect(clampQuantity(value, limit)).toBe(expected);
  });
});

describe('lineTotal (integer minor units, never floats)', () => {
  it.each([
    ['68.00', 3, 'CNY', '204.00'],
    ['0.10', 3, 'USD', '0.30'], // 0.1 * 3 = 0.30000000000000004 in floats
    ['19.99', 7, 'USD', '139.93'],
    ['6', 2, 'CNY', '12.00'],
    ['0.01', 1, 'CNY', '0.01'],
  ] as const)('%s × %i %s = %s', (price, quantity, currency, total) => {
    expect(lineTotal(price, quantity, currency)).toBe(total);
  });
  it('refuses malformed prices', () => {
    expect(lineTotal('abc', 2, 'CNY')).toBeUndefined();
    expect(lineTotal('1.234', 2, 'CNY')).toBeUndefined();
  });
});

describe('chargedCnyFor (decision 031)', () => {
  it("is the order's charge: round(total ÷ rate) in USD, the total in CNY", () => {
    expect(chargedCnyFor('124.33', 'USD', '0.138000')).toBe('900.94');
    expect(chargedCnyFor('9.99', 'USD', '0.138000')).toBe('72.39'); // 72.391…
    expect(chargedCnyFor('68.00', 'CNY', '0.138000')).toBe('68.00');
  });
  it('gives nothing for malformed input or a rate the shop refuses', () => {
    expect(chargedCnyFor('x', 'USD', '0.138000')).toBeUndefined();
    expect(chargedCnyFor('1.00', 'USD', '')).toBeUndefined();
    expect(chargedCnyFor('1.00', 'USD', '7.2')).toBeUndefined();
  });
});

describe('hasDiscount', () => {
  it('is true only when the original price is higher', () => {
    expect(hasDiscount('6.00', '8.00', 'CNY')).toBe(true);
    expect(hasDiscount('6.00', '6.00', 'CNY')).toBe(false);
    expect(hasDiscount('6.00', '5.00', 'CNY')).toBe(false);
    expect(hasDiscount('6.00', null, 'CNY')).toBe(false);
    expect(hasDiscount('10.00', '9.99', 'USD')).toBe(false);
  });
});

describe('cartAddItem (SPEC §3 add-to-cart payload)', () => {
  it('carries the option, the quantity and the player of a direct top-up', () => {
    const [option] = goodsOptions({
      spec_type: 2,
      skus: [],
      face_values: [
        {
          face_value: 300,
          label: '300',
          price: '30.00',
          original_price: null,
          in_stock: true,
          stock: null,
          tiers: [],
        },
      ],
    });
    expect(
      cartAddItem({ id: 5, currency: 'CNY' }, option!, 2, {
        player_id: '10086001',
        server_id: 3,
        server: '官服',
      }),
    ).toEqual({
      goods_id: 5,
      goods_sku_id: 0,
      num: 2,
      face_value: 300,
      currency: 'CNY',
      price: '30.00',
      player_id: '10086001',
      server_id: 3,
      server: '官服',
    });
  });
  it('leaves the player fields empty otherwise', () => {
    const [option] = goodsOptions({ spec_type: 1, skus: [sku(9, '9.00')], face_values: [] });
    expect(cartAddItem({ id: 1, currency: 'USD' }, option!, 1)).toMatchObject({
      goods_sku_id: 9,
      face_value: 0,
      player_id: '',
      server_id: 0,
      server: '',
    });
  });
});

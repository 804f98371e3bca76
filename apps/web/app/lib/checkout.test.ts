import { describe, expect, it } from 'vitest';
import { balanceCovers, checkoutLineIds, checkoutMethods, newIdempotencyKey } from './checkout';
import { idempotencyKey } from '@shop/contract/order';

/** What the API accepts as an Idempotency-Key (a test may load zod; the page may not). */
const isIdempotencyKey = (key: string) => idempotencyKey.safeParse(key).success;

const switches = (balance: number, alipay: number, wechat: number) => ({
  order_balance_switch: balance,
  order_alipay_switch: alipay,
  order_wechat_switch: wechat,
});

describe('checkout methods', () => {
  it('offers every method whose switch is on, balance first', () => {
    expect(checkoutMethods(switches(1, 1, 1))).toEqual(['balance', 'alipay', 'wechat']);
  });

  it('hides a method whose switch is off', () => {
    expect(checkoutMethods(switches(0, 1, 0))).toEqual(['alipay']);
    expect(checkoutMethods(switches(1, 0, 1))).toEqual(['balance', 'wechat']);
  });

  it('offers nothing when every switch is off, and only 1 counts as on', () => {
    expect(checkoutMethods(switches(0, 0, 0))).toEqual([]);
    expect(checkoutMethods(switches(2, -1, 0))).toEqual([]);
  });
});

describe('balanceCovers', () => {
  it('compares in fen, without floating point', () => {
    expect(balanceCovers('500.00', '500.00')).toBe(true);
    expect(balanceCovers('500.00', '500.01')).toBe(false);
    // 0.1 + 0.2 style traps: 0.30 is exactly 30 fen.
    expect(balanceCovers('0.30', '0.3')).toBe(true);
    expect(balanceCovers('1990.00', '199.00')).toBe(true);
  });

  it('is undefined when an amount is not a decimal', () => {
    expect(balanceCovers('', '1.00')).toBeUndefined();
    expect(balanceCovers('1.00', 'abc')).toBeUndefined();
  });
});

describe('newIdempotencyKey', () => {
  it('is accepted by the API and new every time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(isIdempotencyKey(key)).toBe(true);
  });

  it('works without randomUUID (older browsers, plain http)', () => {
    let calls = 0;
    const key = newIdempotencyKey({
      getRandomValues: <T extends ArrayBufferView | null>(array: T) => {
        calls++;
        if (array instanceof Uint8Array) array.fill(171);
        return array;
      },
    });
    expect(calls).toBe(1);
    expect(key).toBe(`web-${'ab'.repeat(16)}`);
    expect(isIdempotencyKey(key)).toBe(true);
  });
});

describe('checkoutLineIds', () => {
  it('orders only the lines the cart counts', () => {
    expect(
      checkoutLineIds([
        { id: 3, available: true },
        { id: 4, available: false },
        { id: 9, available: true },
      ]),
    ).toEqual([3, 9]);
    expect(checkoutLineIds([{ id: 4, available: false }])).toEqual([]);
  });
});

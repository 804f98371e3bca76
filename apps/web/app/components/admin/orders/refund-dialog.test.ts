import { describe, expect, it } from 'vitest';
import { checkRefundAmount, refundableOf, type RefundTarget } from './refund-dialog';

// What the refund dialog offers before it asks the server (which checks everything again).

const target: RefundTarget = {
  oid: 'A7K2M9Q4X1',
  total_cny: '196.00',
  refunded_cny: '150.00',
  pay_method: 'alipay',
  items: [
    { id: 1, name: 'Card', charged_cny: '98.00', refunded_cny: '20.00' },
    { id: 2, name: 'Hoodie', charged_cny: '98.00', refunded_cny: '0.00' },
  ],
};

describe('the refund dialog', () => {
  it('offers what is left of the order, and of an item never more than of the order', () => {
    expect(refundableOf(target, '')).toBe(4_600);
    expect(refundableOf(target, '1')).toBe(4_600);
    expect(refundableOf({ ...target, refunded_cny: '20.00' }, '1')).toBe(7_800);
    expect(refundableOf({ ...target, refunded_cny: '196.00' }, '2')).toBe(0);
  });

  it('takes amounts with at most two decimals, at least 0.01 and at most what is left', () => {
    expect(checkRefundAmount('46', 4_600)).toEqual({ fen: 4_600, problem: '' });
    expect(checkRefundAmount(' 23.5 ', 4_600)).toEqual({ fen: 2_350, problem: '' });
    expect(checkRefundAmount('46.01', 4_600)).toEqual({ fen: 4_601, problem: 'tooLarge' });
    for (const bad of ['', '0', '0.00', '1.234', '-1', '1e3', 'abc'])
      expect(checkRefundAmount(bad, 4_600).problem).toBe('invalid');
  });
});

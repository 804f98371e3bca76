import { describe, expect, it } from 'vitest';
import { checkRefundAmount, keysEffect, refundableOf, type RefundTarget } from './refund-dialog';

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

  it('says before confirming whether the delivered card keys are withdrawn or kept (decision 058)', () => {
    const cards: RefundTarget = {
      oid: 'A7K2M9Q4X1',
      total_cny: '196.00',
      refunded_cny: '0.00',
      pay_method: 'balance',
      items: [
        { id: 1, name: 'Card', charged_cny: '98.00', refunded_cny: '0.00', keys: 2 },
        { id: 2, name: 'Hoodie', charged_cny: '98.00', refunded_cny: '0.00', keys: 0 },
      ],
    };
    expect(keysEffect(cards, '1', 9_800)).toEqual({ count: 2, withdrawn: true, whole: 'item' });
    expect(keysEffect(cards, '1', 9_799)).toEqual({ count: 2, withdrawn: false, whole: 'order' });
    expect(keysEffect(cards, '2', 9_800)).toBeNull();
    expect(keysEffect(cards, '', 19_600)).toEqual({ count: 2, withdrawn: true, whole: 'order' });
    expect(keysEffect(cards, '', 9_800)).toEqual({ count: 2, withdrawn: false, whole: 'order' });
    // An item refunded in full already has no keys left to withdraw.
    const done = { ...cards, items: [{ ...cards.items[0]!, refunded_cny: '98.00' }, cards.items[1]!] };
    expect(keysEffect(done, '', 9_800)).toBeNull();
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CODE_ALPHABET,
  codeDisplay,
  codeKey,
  type CouponState,
  couponStateProblem,
  generateCode,
  isCodeText,
  levelFor,
  nextLevel,
  parsePercent,
  percentText,
  raisedLevel,
} from './promotions.ts';

describe('code text (decision 071)', () => {
  it('is case-insensitive, ignores spaces and dashes, and folds lookalikes', () => {
    expect(codeKey(' welcome-10 ')).toBe('WE1C0ME10');
    expect(codeKey('WELC0ME1O')).toBe(codeKey('welcome10'));
    expect(codeKey('IL1')).toBe('111');
    expect(codeDisplay(' welcome-10 ')).toBe('WELCOME10');
  });

  it('accepts 3–32 letters and digits only', () => {
    expect(isCodeText('AB')).toBe(false);
    expect(isCodeText('ABC')).toBe(true);
    expect(isCodeText('A'.repeat(33))).toBe(false);
    expect(isCodeText('优惠码')).toBe(false);
    expect(isCodeText('SAVE 10%')).toBe(false);
  });

  it('generates codes without lookalikes, whose key is themselves', () => {
    expect(CODE_ALPHABET).not.toMatch(/[01OIL]/);
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 10, maxLength: 10 }), (draws) => {
        let i = 0;
        const code = generateCode('vip', 10, (n) => draws[i++]! % n);
        expect(code).toMatch(/^VIP[2-9A-HJKMNP-Z]{10}$/);
        expect(codeKey(code.slice(3))).toBe(code.slice(3));
      }),
    );
  });
});

describe('code state (decision 071)', () => {
  const open: CouponState = {
    disabled: false,
    startsAt: 1_000,
    endsAt: 2_000,
    totalUses: 10,
    usedCount: 0,
    perUser: 1,
    firstOrderOnly: false,
  };
  const ctx = { now: 1_500, usedByBuyer: 0, buyerHasPaidOrder: false };

  it('names the first problem in order, or none', () => {
    expect(couponStateProblem(open, ctx)).toBeNull();
    expect(couponStateProblem({ ...open, disabled: true }, ctx)).toBe('coupon_disabled');
    expect(couponStateProblem(open, { ...ctx, now: 999 })).toBe('coupon_not_started');
    expect(couponStateProblem(open, { ...ctx, now: 2_000 })).toBe('coupon_expired');
    expect(couponStateProblem({ ...open, firstOrderOnly: true }, { ...ctx, buyerHasPaidOrder: true })).toBe(
      'coupon_first_order',
    );
    expect(couponStateProblem(open, { ...ctx, usedByBuyer: 1 })).toBe('coupon_used_by_you');
    expect(couponStateProblem({ ...open, usedCount: 10 }, ctx)).toBe('coupon_used_up');
    expect(
      couponStateProblem(
        { ...open, totalUses: null, perUser: null, usedCount: 99 },
        { ...ctx, usedByBuyer: 9 },
      ),
    ).toBeNull();
  });
});

describe('member levels (decision 070)', () => {
  const levels = [
    { id: 1, thresholdCny: 0, discountBp: 0 },
    { id: 2, thresholdCny: 50_000, discountBp: 200 },
    { id: 3, thresholdCny: 200_000, discountBp: 500 },
  ];

  it('reaches the highest threshold at most the spend, and names the next', () => {
    expect(levelFor(levels, 49_999)?.id).toBe(1);
    expect(levelFor(levels, 50_000)?.id).toBe(2);
    expect(nextLevel(levels, 50_000)?.id).toBe(3);
    expect(nextLevel(levels, 300_000)).toBeNull();
    expect(levelFor([], 1)).toBeNull();
  });

  it('only ever goes up', () => {
    expect(raisedLevel(levels, 1, 60_000)?.id).toBe(2);
    // A refund brought the spend back under level 3's threshold: the buyer keeps level 3.
    expect(raisedLevel(levels, 3, 60_000)?.id).toBe(3);
    expect(raisedLevel(levels, null, 10)?.id).toBe(1);
  });
});

describe('percent text', () => {
  it('round-trips basis points', () => {
    expect(percentText(500)).toBe('5');
    expect(percentText(250)).toBe('2.5');
    expect(percentText(1234)).toBe('12.34');
    expect(parsePercent('12.5')).toBe(1250);
    expect(parsePercent('101')).toBeUndefined();
    expect(parsePercent('abc')).toBeUndefined();
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000 }), (bp) => parsePercent(percentText(bp)) === bp));
  });
});

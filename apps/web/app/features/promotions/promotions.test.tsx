import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderIn, textOf } from '../../lib/static-render.test-helper';
import { CouponField } from './coupon-field';
import MemberLevel from './member-level';
import { DiscountRows } from './price-breakdown';
import { differs, hasDiscounts, isPositive, levelProgress, tierAt } from './promotions';
import { TierList } from './tier-list';

// Issue 31 on the buyer's pages: the discount lines, the code field, quantity tiers and the member
// level, rendered in both languages; and the few comparisons they make on the API's figures.

describe('promotion figures as the pages read them', () => {
  it('isPositive and differs compare decimal strings in minor units, malformed is neither', () => {
    expect(isPositive('0.01', 'CNY')).toBe(true);
    expect(isPositive('0.00', 'CNY')).toBe(false);
    expect(isPositive('', 'USD')).toBe(false);
    expect(isPositive(null, 'USD')).toBe(false);
    expect(isPositive('abc', 'CNY')).toBe(false);
    expect(differs('6.00', '5.40', 'CNY')).toBe(true);
    expect(differs('6.00', '6', 'CNY')).toBe(false);
    expect(differs('6.00', 'x', 'CNY')).toBe(false);
  });

  it('hasDiscounts: any of tier, level or code above zero', () => {
    const none = { list: '10.00', tier: '0.00', level: '0.00', coupon: '0.00' };
    expect(hasDiscounts(none, 'CNY')).toBe(false);
    expect(hasDiscounts({ ...none, coupon: '1.00' }, 'CNY')).toBe(true);
    expect(hasDiscounts({ ...none, level: '0.01' }, 'CNY')).toBe(true);
    expect(hasDiscounts({ ...none, tier: '0.60' }, 'CNY')).toBe(true);
  });

  it('tierAt: the largest tier at most the quantity, none below the first', () => {
    const tiers = [
      { min_num: 10, price: '5.40' },
      { min_num: 50, price: '5.00' },
    ];
    expect(tierAt(tiers, 9, 'CNY')).toBeUndefined();
    expect(tierAt(tiers, 10, 'CNY')).toEqual({ min_num: 10, price: '5.40' });
    expect(tierAt(tiers, 49, 'CNY')?.price).toBe('5.40');
    expect(tierAt(tiers, 50, 'CNY')?.price).toBe('5.00');
    expect(tierAt([...tiers].reverse(), 60, 'CNY')?.min_num).toBe(50);
    expect(tierAt([], 60, 'CNY')).toBeUndefined();
  });

  it('levelProgress: whole percent rounded down, 100 only once reached, 0 for nonsense', () => {
    expect(levelProgress('0.00', '500.00')).toBe(0);
    expect(levelProgress('499.99', '500.00')).toBe(99);
    expect(levelProgress('500.00', '500.00')).toBe(100);
    expect(levelProgress('900.00', '500.00')).toBe(100);
    expect(levelProgress('125.00', '500.00')).toBe(25);
    expect(levelProgress('1.00', '0.00')).toBe(0);
    expect(levelProgress('x', '500.00')).toBe(0);
  });
});

describe('discount lines', () => {
  const discounts = { tier: '0.60', level: '1.20', coupon: '5.00' };

  it('each discount with a minus sign, the level and the code named, in both languages', () => {
    const en = textOf(
      renderIn(
        'en',
        createElement(DiscountRows, {
          discounts,
          currency: 'CNY',
          levelName: 'Gold',
          couponCode: 'WELCOME10',
        }),
      ),
    );
    expect(en).toContain('Quantity discount\u2212¥0.60');
    expect(en).toContain('Member discount (Gold)\u2212¥1.20');
    expect(en).toContain('Code WELCOME10\u2212¥5.00');
    const zh = textOf(
      renderIn(
        'zh-CN',
        createElement(DiscountRows, {
          discounts,
          currency: 'USD',
          levelName: '黄金会员',
          couponCode: 'WELCOME10',
        }),
      ),
    );
    expect(zh).toContain('批量优惠\u2212$0.60');
    expect(zh).toContain('会员优惠（黄金会员）\u2212$1.20');
    expect(zh).toContain('优惠码 WELCOME10\u2212$5.00');
  });

  it('leaves out what took nothing off, and shows nothing without a discount', () => {
    const html = renderIn(
      'en',
      createElement(DiscountRows, {
        discounts: { ...discounts, tier: '0.00', level: '0.00' },
        currency: 'CNY',
      }),
    );
    expect(html).not.toContain('Quantity');
    expect(html).not.toContain('Member');
    expect(textOf(html)).toContain('Code discount\u2212¥5.00');
    expect(
      renderIn(
        'en',
        createElement(DiscountRows, {
          discounts: { tier: '0.00', level: '0.00', coupon: '0.00' },
          currency: 'CNY',
        }),
      ),
    ).toBe('');
  });
});

describe('the code field', () => {
  const noop = async () => undefined;

  it('empty: a labelled input and Apply, in both languages', () => {
    const en = renderIn(
      'en',
      createElement(CouponField, { state: { kind: 'none' }, onApply: noop, onRemove: noop }),
    );
    expect(en).toContain('Promo code');
    expect(en).toContain('>Apply<');
    expect(en).toMatch(/<label for="([^"]+)"[^>]*>Promo code<\/label>.*<input id="\1"/);
    const zh = renderIn(
      'zh-CN',
      createElement(CouponField, { state: { kind: 'none' }, onApply: noop, onRemove: noop }),
    );
    expect(zh).toContain('优惠码');
    expect(zh).toContain('>使用<');
  });

  it('applied: the code, "Applied" and Remove', () => {
    const html = renderIn(
      'en',
      createElement(CouponField, {
        state: { kind: 'applied', code: 'WELCOME10' },
        onApply: noop,
        onRemove: noop,
      }),
    );
    expect(textOf(html)).toContain('WELCOME10Applied');
    expect(html).toContain('>Remove<');
    expect(html).toContain('data-state="applied"');
    expect(html).not.toContain('role="alert"');
  });

  it('kept but giving nothing yet: the code and the server\u2019s words as an alert', () => {
    const message = 'Spend ¥50.00 on eligible goods to use this code';
    const html = renderIn(
      'en',
      createElement(CouponField, {
        state: { kind: 'idle', code: 'SAVE10', message },
        onApply: noop,
        onRemove: noop,
      }),
    );
    expect(html).toContain('data-state="idle"');
    expect(html).toMatch(/role="alert"[^>]*>Spend ¥50.00 on eligible goods to use this code</);
    const zh = renderIn(
      'zh-CN',
      createElement(CouponField, {
        state: { kind: 'idle', code: 'SAVE10', message: '未满 ¥50.00' },
        onApply: noop,
        onRemove: noop,
      }),
    );
    expect(zh).toContain('>移除<');
    expect(zh).toContain('未满 ¥50.00');
  });
});

describe('quantity tiers on the goods page', () => {
  const tiers = [
    { min_num: 10, price: '5.40' },
    { min_num: 50, price: '5.00' },
  ];
  it('"10+ at ¥5.40 each" / "10+ 件 ¥5.40/件", the reached tier marked', () => {
    const en = renderIn('en', createElement(TierList, { tiers, currency: 'CNY', active: 10 }));
    expect(textOf(en)).toContain('Quantity prices');
    expect(textOf(en)).toContain('10+ at ¥5.40 each');
    expect(textOf(en)).toContain('50+ at ¥5.00 each');
    expect(en.match(/aria-current="true"/g)).toHaveLength(1);
    expect(en).toMatch(/aria-current="true">10\+ at/);
    const zh = renderIn('zh-CN', createElement(TierList, { tiers, currency: 'USD', active: undefined }));
    expect(textOf(zh)).toContain('10+ 件 $5.40/件');
    expect(zh).not.toContain('aria-current');
    expect(renderIn('en', createElement(TierList, { tiers: [], currency: 'CNY', active: undefined }))).toBe(
      '',
    );
  });
});

describe('the member level in the user center', () => {
  const gold = { id: 2, name: 'Gold', threshold: '2000.00', discount_percent: '5' };
  it('the level, what it gives, what is left to the next and a progress bar', () => {
    const html = renderIn(
      'en',
      createElement(MemberLevel, {
        info: {
          level: { id: 1, name: 'Silver', threshold: '500.00', discount_percent: '2.5' },
          next_level: { ...gold, remaining: '1500.00' },
          lifetime_spend: '500.00',
        },
      }),
    );
    const words = textOf(html);
    expect(words).toContain('Member level');
    expect(words).toContain('Silver');
    expect(words).toContain('2.5% off every item');
    expect(words).toContain('Spend ¥1,500.00 more to reach Gold');
    expect(html).toContain('aria-valuenow="25"');
    expect(html).toContain('width:25%');
  });

  it('no level yet, and the top level, in Chinese', () => {
    const none = textOf(
      renderIn(
        'zh-CN',
        createElement(MemberLevel, {
          info: {
            level: null,
            next_level: { ...gold, name: '黄金会员', remaining: '2000.00' },
            lifetime_spend: '0.00',
          },
        }),
      ),
    );
    expect(none).toContain('普通会员');
    expect(none).toContain('再消费 ¥2,000.00 即可升级为黄金会员');
    const top = renderIn(
      'zh-CN',
      createElement(MemberLevel, {
        info: {
          level: { ...gold, name: '黄金会员', discount_percent: '0' },
          next_level: null,
          lifetime_spend: '3000.00',
        },
      }),
    );
    expect(textOf(top)).toContain('指定商品享会员价');
    expect(textOf(top)).toContain('您已是最高等级会员');
    expect(top).not.toContain('progressbar');
  });

  it('nothing in a shop without member levels', () => {
    const html = renderIn(
      'en',
      createElement(MemberLevel, { info: { level: null, next_level: null, lifetime_spend: '0.00' } }),
    );
    expect(html).toBe('');
  });
});

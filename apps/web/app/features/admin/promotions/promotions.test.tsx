import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@shop/domain/locale';
import { i18nForRequest } from '../../../i18n/i18n.server';
import { I18nContext } from '../../../i18n/use-translation';
import { adminT } from '../kit/use-admin-t';
import { batchErrors } from './batches-page';
import {
  type Coupon,
  createBody,
  draftErrors,
  draftOf,
  emptyDraft,
  localToMs,
  msToLocal,
  updateBody,
} from './coupon-form';
import {
  BatchProgress,
  BatchStatusBadge,
  CouponStateBadge,
  CouponTerms,
  Progress,
  scopeText,
  ValidText,
} from './parts';

// Issue 31: the console's promotions in both languages: a code's terms, state and validity in
// words, the form's checks as the API would refuse them, the batch form, the tiers editor's checks
// and the dashboard's figures as the API sent them.

const render = (locale: Locale, node: ReactNode) =>
  renderToStaticMarkup(
    createElement(
      I18nContext.Provider,
      { value: i18nForRequest(locale) },
      createElement(MemoryRouter, null, node),
    ),
  );

const coupon: Coupon = {
  id: 1,
  code: 'WELCOME10',
  name: 'Welcome',
  batch_id: null,
  kind: 'percent',
  amount_cny: null,
  amount_usd: null,
  percent: '12.5',
  cap_cny: '30.00',
  min_spend_cny: '50.00',
  starts_at: Date.UTC(2026, 11, 1, 0, 0),
  ends_at: Date.UTC(2026, 11, 31, 16, 0),
  total_uses: 100,
  used_count: 3,
  per_user: 1,
  scope: 'categories',
  scope_ids: [1, 3],
  first_order_only: 1,
  disabled: 0,
  state: 'scheduled',
  paid_orders: 2,
  revenue_cny: '180.00',
  discount_cny: '20.00',
  created_at: 0,
  updated_at: 0,
};

describe('console promotions', () => {
  it("shows a code's terms, scope, state and dates in words, in both languages", () => {
    const en = render(
      'en',
      createElement('div', null, [
        createElement(CouponTerms, { key: 1, coupon }),
        createElement(CouponStateBadge, { key: 2, state: 'scheduled' }),
        createElement(ValidText, { key: 3, coupon }),
      ]),
    );
    expect(en).toContain('12.5% off, at most ¥30.00');
    expect(en).toContain('from ¥50.00');
    expect(en).toContain('1 per buyer');
    expect(en).toContain('First order only');
    expect(en).toContain('Not started');
    expect(en).toMatch(/from \d{2}\/\d{2}\/2026/);
    const zh = render(
      'zh-CN',
      createElement('div', null, [
        createElement(CouponTerms, { key: 1, coupon }),
        createElement(CouponStateBadge, { key: 2, state: 'used_up' }),
        createElement(ValidText, { key: 3, coupon: { starts_at: null, ends_at: null } }),
      ]),
    );
    expect(zh).toContain('12.5% 折扣，最多减 ¥30.00');
    expect(zh).toContain('满 ¥50.00 可用');
    expect(zh).toContain('仅限首单');
    expect(zh).toContain('已用完');
    expect(zh).toContain('长期有效');
    expect(scopeText(coupon, adminT('en'))).toBe('Categories: 2');
    expect(scopeText(coupon, adminT('zh-CN'))).toBe('指定分类：2 项');
    expect(
      render(
        'en',
        createElement(CouponTerms, {
          coupon: {
            ...coupon,
            kind: 'fixed',
            amount_cny: '10.00',
            amount_usd: '1.50',
            percent: null,
            cap_cny: null,
          },
        }),
      ),
    ).toContain('¥10.00 off ($1.50 for USD orders)');
  });

  it('checks the code form as the API would, in words, and sends decimal strings and instants', () => {
    const t = adminT('en');
    const bad = draftErrors(
      {
        ...emptyDraft(),
        code: 'A!',
        amountCny: '0',
        startsAt: '2026-12-02T00:00',
        endsAt: '2026-12-01T00:00',
        scope: 'goods',
        totalUses: '0',
      },
      t,
    );
    expect(bad).toEqual({
      code: 'A code is 3–32 letters and digits',
      amountCny: 'Enter an amount above 0 with at most two decimals',
      endsAt: 'The end must come after the start',
      totalUses: 'Enter a whole number of at least 1',
      scopeIds: 'Choose at least one',
    });
    expect(
      draftErrors({ ...emptyDraft(), code: 'x', kind: 'percent', percent: '101' }, adminT('zh-CN')).percent,
    ).toBe('请输入大于 0 且不超过 100 的百分比');
    const draft = {
      ...emptyDraft(),
      code: ' spring-10 ',
      kind: 'percent' as const,
      percent: '10',
      capCny: '',
      startsAt: '2026-12-01T08:00',
      scope: 'options' as const,
      scopeIds: ['g1:f60'],
    };
    expect(draftErrors(draft, t)).toEqual({});
    const body = createBody(draft);
    expect(body).toMatchObject({
      code: 'spring-10',
      kind: 'percent',
      percent: '10',
      cap_cny: null,
      amount_cny: null,
      min_spend_cny: '0',
      per_user: 1,
      total_uses: null,
      scope_ids: ['g1:f60'],
    });
    // A time typed in the viewer's zone is sent as that instant, and shown back the same.
    expect(body.starts_at).toBe(new Date('2026-12-01T08:00').getTime());
    expect(msToLocal(localToMs('2026-12-01T08:00'))).toBe('2026-12-01T08:00');
    // Editing sends only what is safe to change.
    expect(Object.keys(updateBody(1, draftOf(coupon))).sort()).toEqual([
      'disabled',
      'ends_at',
      'id',
      'name',
      'per_user',
      'total_uses',
    ]);
  });

  it("checks a batch's own fields", () => {
    const t = adminT('en');
    const base = {
      ...emptyDraft(),
      amountCny: '5',
      name: 'News',
      count: '10000',
      prefix: 'NL',
      length: '10',
    };
    expect(batchErrors(base, t)).toEqual({});
    expect(batchErrors({ ...base, count: '10001', prefix: 'TOO-LONG-X', name: ' ' }, t)).toEqual({
      count: 'Enter a whole number from 1 to 10,000',
      prefix: 'Up to 8 letters and digits',
      name: 'Enter a name',
    });
  });

  it("shows a batch's progress", () => {
    const bar = render('en', createElement(Progress, { done: 2500, count: 10000, label: '2,500 of 10,000' }));
    expect(bar).toContain('aria-valuenow="2500"');
    expect(bar).toContain('width:25%');
  });

  it('says in words that a batch failed, with the codes made, in both languages', () => {
    const failed = { generated: 1000, count: 2500, status: 'failed' } as const;
    const shown = (locale: Locale) =>
      render(
        locale,
        createElement('div', null, [
          createElement(BatchStatusBadge, { key: 1, status: 'failed' }),
          createElement(BatchProgress, { key: 2, batch: failed }),
        ]),
      );
    const en = shown('en');
    expect(en).toContain('>Generation failed<');
    expect(en).toContain('Generation failed: 1,000 of 2,500 codes made');
    expect(en).toContain('aria-valuenow="1000"');
    expect(en).toContain('bg-stone-400');
    const zh = shown('zh-CN');
    expect(zh).toContain('>生成失败<');
    expect(zh).toContain('生成失败：已生成 1,000 / 2,500 个');
    expect(zh.replace(/<[^>]*>/g, ' ')).not.toMatch(/[A-Za-z]/);
    // A batch still at work shows its figures only, in the brand colour.
    const going = render('en', createElement(BatchProgress, { batch: { ...failed, status: 'generating' } }));
    expect(going).toContain('1,000 of 2,500');
    expect(going).not.toContain('failed');
    expect(going).not.toContain('bg-stone-400');
  });
});

import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@shop/domain/locale';
import { i18nForRequest } from '../../../i18n/i18n.server';
import { I18nContext } from '../../../i18n/use-translation';
import { PromotionsPanel } from './promotions-panel';

// Issue 31: the dashboard's promotions panel shows the API's figures in both languages.

const render = (locale: Locale, node: ReactNode) =>
  renderToStaticMarkup(
    createElement(
      I18nContext.Provider,
      { value: i18nForRequest(locale) },
      createElement(MemoryRouter, null, node),
    ),
  );

describe('dashboard promotions', () => {
  it("shows the dashboard's promotions and a batch's progress in both languages", () => {
    const promotions = {
      orders: 40,
      orders_with_code: 12,
      list_cny: '5120.00',
      tier_discount_cny: '30.00',
      level_discount_cny: '50.00',
      coupon_discount_cny: '40.00',
      discount_cny: '120.00',
      revenue_cny: '5000.00',
      top_codes: [{ code: 'WELCOME10', uses: 9, discount_cny: '36.00', revenue_cny: '800.00' }],
    };
    const en = render('en', createElement(PromotionsPanel, { promotions }));
    expect(en).toContain('Discounts given');
    expect(en).toContain('¥120.00');
    expect(en).toContain('Revenue after discounts');
    expect(en).toContain('At list prices ¥5,120.00');
    expect(en).toContain('12 / 40');
    expect(en).toContain('href="/admin/coupons?keyword=WELCOME10"');
    const zh = render(
      'zh-CN',
      createElement(PromotionsPanel, { promotions: { ...promotions, top_codes: [] } }),
    );
    expect(zh).toContain('优惠总额');
    expect(zh).toContain('优惠后成交额');
    expect(zh).toContain('这段时间没有订单使用优惠码。');
  });
});

import { describe, expect, it } from 'vitest';
import type { AdminGoodsPrices } from '@shop/contract/admin/promotions.schemas';
import { adminT } from '../kit/use-admin-t';
import { pricesBody, pricesDraftOf, pricesErrors } from './goods-prices';

// Issue 31: the tiers and member prices editor checks each price in words as the API does.

describe('goods prices editor', () => {
  it("checks tiers and member prices against each option's price and sends them whole", () => {
    const prices: AdminGoodsPrices = {
      goods_id: 1,
      options: [
        { key: 'g1:f60', name_zh: '60 钻石', name_en: '60 diamonds', price_cny: '6.00', price_usd: '0.90' },
      ],
      levels: [{ id: 2, name_zh: '白银', name_en: 'Silver', discount_percent: '5' }],
      tiers: [{ option_key: 'g1:f60', min_num: 10, price_cny: '5.40', price_usd: null }],
      level_prices: [],
    };
    const draft = pricesDraftOf(prices);
    expect(pricesErrors(prices, draft, adminT('en'))).toEqual({});
    draft.tiers['g1:f60']!.push({ min: '10', cny: '6.00', usd: '' });
    draft.levels['2/g1:f60'] = { cny: '5.50', usd: '0.95' };
    expect(pricesErrors(prices, draft, adminT('zh-CN'))).toEqual({
      't:g1:f60:1:min': '同一数量只能有一个阶梯',
      't:g1:f60:1:cny': '请输入低于原价的金额',
      'l:2/g1:f60': '请输入低于原价的金额',
    });
    draft.tiers['g1:f60']![1] = { min: '50', cny: '5', usd: '' };
    draft.levels['2/g1:f60'] = { cny: '5.50', usd: '' };
    expect(pricesBody(1, draft)).toEqual({
      id: 1,
      tiers: [
        { option_key: 'g1:f60', min_num: 10, price_cny: '5.40', price_usd: null },
        { option_key: 'g1:f60', min_num: 50, price_cny: '5', price_usd: null },
      ],
      level_prices: [{ level_id: 2, option_key: 'g1:f60', price_cny: '5.50', price_usd: null }],
    });
  });
});

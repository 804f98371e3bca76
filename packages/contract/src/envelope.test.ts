import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope, pageOf, pageQuery } from './envelope.ts';
import { siteConfig } from './site-config.ts';

describe('contract schemas', () => {
  it('pages with page from 1 and limit 1–100, default 20 (ARCHITECTURE.md §4)', () => {
    expect(pageQuery.parse({})).toEqual({ page: 1, limit: 20 });
    expect(pageQuery.parse({ page: '3', limit: '100' })).toEqual({ page: 3, limit: 100 });
    for (const bad of [{ page: '0' }, { limit: '101' }, { limit: '0' }, { page: '1.5' }, { page: 'x' }]) {
      expect(pageQuery.safeParse(bad).success).toBe(false);
    }
  });

  it('wraps data in the envelope and a page in list/total/page/limit', () => {
    const schema = envelope(pageOf(z.object({ id: z.number() })));
    const body = { code: 200, msg: 'OK', data: { list: [{ id: 1 }], total: 1, page: 1, limit: 20 } };
    expect(schema.parse(body)).toEqual(body);
    expect(schema.safeParse({ code: 200, msg: 'OK' }).success).toBe(false);
  });

  it('types the five payment switches as 0/1 numbers', () => {
    const base = {
      new_logo_url: '',
      copyright: '',
      icp: '',
      customer_qrcode: '',
      work_time: '',
      sms: 0,
      game_website_url: '',
      balance_alipay_switch: 1,
      balance_wechat_switch: 1,
      order_alipay_switch: 1,
      order_balance_switch: 1,
      order_wechat_switch: 0,
      currency: 'CNY',
      currency_symbol: '¥',
    };
    expect(siteConfig.safeParse(base).success).toBe(true);
    expect(siteConfig.safeParse({ ...base, order_wechat_switch: '1' }).success).toBe(false);
    expect(siteConfig.safeParse({ ...base, order_wechat_switch: 2 }).success).toBe(false);
  });
});

import { PAYMENT_SWITCHES } from '@shop/domain/payment';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, testEngines } from '../../../test/helpers.ts';
import { writeSettings } from './site.repository.ts';
import { SITE_CONFIG_TTL_MS, updateSettings } from './site.service.ts';

describe.each(testEngines())('GET /api/front/app/config (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('returns every field of SPEC §3, the switches as numbers, ¥ by default', async () => {
    const res = await t.app.inject({ url: '/api/front/app/config' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    for (const field of [
      'new_logo_url',
      'copyright',
      'icp',
      'customer_qrcode',
      'work_time',
      'sms',
      'game_website_url',
    ]) {
      expect(data).toHaveProperty(field);
    }
    for (const key of PAYMENT_SWITCHES) expect(data[key]).toBe(1);
    expect(data.currency).toBe('CNY');
    expect(data.currency_symbol).toBe('¥');
    expect(data.new_logo_url).toBe('/logo.svg');
  });

  it('reads the settings table and converts stored switches to numbers', async () => {
    await updateSettings(t.db, {
      order_wechat_switch: '0',
      balance_alipay_switch: '0',
      icp: 'ICP-42',
      sms: '1',
    });
    const { data } = (await t.app.inject({ url: '/api/front/app/config' })).json();
    expect(data.order_wechat_switch).toBe(0);
    expect(data.balance_alipay_switch).toBe(0);
    expect(data.order_balance_switch).toBe(1);
    expect(data.sms).toBe(1);
    expect(data.icp).toBe('ICP-42');
    await updateSettings(t.db, { order_wechat_switch: '1', balance_alipay_switch: '1' });
    const { data: after } = (await t.app.inject({ url: '/api/front/app/config' })).json();
    expect(after.order_wechat_switch).toBe(1);
  });

  it('sees a change made by another process within the cache lifetime', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await t.app.inject({ url: '/api/front/app/config' });
      // Another instance writes straight to the shared database.
      await writeSettings(t.db, { icp: 'ICP-other-process' });
      const stale = (await t.app.inject({ url: '/api/front/app/config' })).json().data;
      expect(stale.icp).not.toBe('ICP-other-process');
      vi.setSystemTime(Date.now() + SITE_CONFIG_TTL_MS + 1);
      const fresh = (await t.app.inject({ url: '/api/front/app/config' })).json().data;
      expect(fresh.icp).toBe('ICP-other-process');
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives the symbol of the request currency', async () => {
    const { data } = (
      await t.app.inject({ url: '/api/front/app/config', headers: { currency: 'USD' } })
    ).json();
    expect(data).toMatchObject({ currency: 'USD', currency_symbol: '$' });
  });
});

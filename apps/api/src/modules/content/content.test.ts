import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngines } from '../../../test/helpers.ts';
import { seedDemo } from '../../db/seed-demo.ts';

describe.each(testEngines())('GET /api/front/link/list (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('is an empty list on an empty shop', async () => {
    const res = await t.app.inject({ url: '/api/front/link/list' });
    expect(res.json()).toEqual({ code: 200, msg: '成功', data: [] });
  });

  it('lists visible links in order, in the request language', async () => {
    expect(await seedDemo(t.db)).toBe(true);
    expect(await seedDemo(t.db)).toBe(false);
    await t.db.updateTable('links').set({ is_show: 0 }).where('url', '=', '/article/4').execute();
    const zh = (await t.app.inject({ url: '/api/front/link/list' })).json().data;
    const en = (await t.app.inject({ url: '/api/front/link/list', headers: { locale: 'en' } })).json().data;
    expect(zh.map((l: { name: string }) => l.name)).toEqual(['关于我们', '帮助中心', '用户协议', '联系客服']);
    expect(en.map((l: { name: string }) => l.name)).toEqual([
      'About us',
      'Help center',
      'Terms of service',
      'Contact support',
    ]);
    expect(en[0]).toEqual({ id: expect.any(Number), name: 'About us', url: '/article/1' });
  });
});

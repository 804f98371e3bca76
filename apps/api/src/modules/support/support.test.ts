import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { testEngines } from '../../../test/helpers.ts';
import { shopFixture } from '../../../test/shop-fixture.ts';
import { runSupportCommand } from '../../commands/support.ts';

describe.each(testEngines())('support tickets (%s)', (engine) => {
  let t: TestApp;
  let buyer: string;
  let other: string;
  let oid: string;

  const call = async (token: string | null, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({
      method,
      url,
      payload,
      headers: { ...(token ? { authorization: token } : {}), locale: 'en' },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const operator = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runSupportCommand(t.db, args, (l) => lines.push(l));
    return { code, lines };
  };

  let registered: (email: string) => Promise<string>;
  beforeAll(async () => {
    const shop = await shopFixture(engine);
    t = shop.t;
    buyer = shop.buyer;
    other = await shop.register('support-other@demo.test');
    registered = shop.register;
    oid = (
      await call(buyer, 'POST', '/api/front/order/create', {
        items: [
          {
            goods_id: shop.ids.saga,
            face_value: 60,
            num: 1,
            player_id: 'Player1',
            server_id: shop.ids.official,
          },
        ],
      })
    ).body.data.oid;
  });
  afterAll(() => t.close());

  it('needs a login', async () => {
    for (const [method, url] of [
      ['GET', '/api/front/support/list'],
      ['POST', '/api/front/support/create'],
      ['GET', '/api/front/support/detail?id=1'],
      ['POST', '/api/front/support/reply'],
      ['POST', '/api/front/support/close'],
    ] as const)
      expect((await call(null, method, url, method === 'POST' ? {} : undefined)).status, url).toBe(401);
  });

  it('lets a buyer open 10 tickets an hour, then answers a localized 429', async () => {
    const token = await registered('support-flood@demo.test');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await call(token, 'POST', '/api/front/support/create', { subject: `Q${i}`, body: 'Help' })).status,
      );
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/front/support/create',
      payload: { subject: 'Q', body: 'Help' },
      headers: { authorization: token, locale: 'zh-CN' },
    });
    expect(refused.json()).toEqual({ code: 429, msg: '请求过于频繁，请稍后再试', data: null });
    // Another buyer is not affected.
    const calm = await registered('support-calm@demo.test');
    expect(
      (await call(calm, 'POST', '/api/front/support/create', { subject: 'Mine', body: 'Help' })).status,
    ).toBe(200);
  });

  it('opens a ticket about an order, answered by an operator command, and closed', async () => {
    const created = await call(buyer, 'POST', '/api/front/support/create', {
      subject: 'Top-up not received',
      body: 'I paid but the diamonds have not arrived.',
      oid,
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;

    const listed = await operator('list', 'open');
    expect(listed.code).toBe(0);
    expect(listed.lines.join('\n')).toContain(`#${id}`);
    expect(listed.lines.join('\n')).toContain(oid);
    expect((await operator('answer', String(id), 'We', 'are', 'on', 'it.')).lines).toEqual([
      `answered #${id}`,
    ]);

    const detail = (await call(buyer, 'GET', `/api/front/support/detail?id=${id}`)).body.data;
    expect(detail).toMatchObject({ id, subject: 'Top-up not received', status: 'answered', oid });
    expect(detail.messages.map((m: { author: string; body: string }) => [m.author, m.body])).toEqual([
      ['buyer', 'I paid but the diamonds have not arrived.'],
      ['operator', 'We are on it.'],
    ]);

    const replied = await call(buyer, 'POST', '/api/front/support/reply', { id, body: 'Thanks!' });
    expect(replied.body.data.status).toBe('open');
    const list = (await call(buyer, 'GET', '/api/front/support/list')).body.data;
    expect(list.list[0]).toMatchObject({
      id,
      status: 'open',
      last_author: 'buyer',
      last_message: 'Thanks!',
      oid,
    });

    expect((await call(buyer, 'POST', '/api/front/support/close', { id })).body.data.status).toBe('closed');
    const late = await call(buyer, 'POST', '/api/front/support/reply', { id, body: 'One more thing' });
    expect(late.status).toBe(400);
    expect(late.body.msg).toBe('This ticket is closed; open a new one for a new question');
    expect((await operator('answer', String(id), 'Too late')).code).toBe(1);
    expect((await operator('show', String(id))).lines[0]).toBe(
      `#${id} Top-up not received [closed] order ${oid}`,
    );
  });

  it('shows a ticket only to its owner, and refuses another user’s order', async () => {
    const id = (await call(buyer, 'POST', '/api/front/support/create', { subject: 'General', body: 'Hello' }))
      .body.data.id;
    expect((await call(other, 'GET', `/api/front/support/detail?id=${id}`)).status).toBe(404);
    expect((await call(other, 'POST', '/api/front/support/reply', { id, body: 'hi' })).status).toBe(404);
    expect((await call(other, 'POST', '/api/front/support/close', { id })).status).toBe(404);
    expect((await call(other, 'GET', '/api/front/support/list')).body.data.total).toBe(0);
    const foreign = await call(other, 'POST', '/api/front/support/create', { subject: 'x', body: 'y', oid });
    expect(foreign.status).toBe(404);
    expect((await call(buyer, 'GET', `/api/front/support/detail?id=${id}`)).body.data.status).toBe('open');
  });

  it('validates subjects and messages, and filters by status', async () => {
    for (const body of [
      { subject: '', body: 'x' },
      { subject: 'x', body: '   ' },
      { subject: 'x'.repeat(121), body: 'x' },
      { subject: 'x', body: 'x'.repeat(2001) },
      { subject: 'x', body: 'x', oid: 'not-an-oid' },
    ])
      expect(
        (await call(buyer, 'POST', '/api/front/support/create', body)).status,
        JSON.stringify(body).slice(0, 60),
      ).toBe(400);
    const closed = (await call(buyer, 'GET', '/api/front/support/list?status=closed')).body.data;
    expect(closed.list.every((x: { status: string }) => x.status === 'closed')).toBe(true);
    expect((await operator('answer', '99999', 'hi')).lines).toEqual(['This ticket does not exist']);
    expect((await operator('bogus')).code).toBe(2);
  });
});

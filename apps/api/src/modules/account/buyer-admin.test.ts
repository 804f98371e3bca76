import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFundedBuyers } from '../../../test/buyers.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { testEngines } from '../../../test/helpers.ts';
import { addOperator, as, type TestOperator } from '../../../test/operators.ts';
import { type FixtureIds, shopFixture } from '../../../test/shop-fixture.ts';
import { DEMO_BUYER } from '../../seed/seed-demo.ts';

// Issue 15: buyers and wallets in the console, on both engines. A disabled buyer's tokens stop
// working at once and the login is refused until the account is enabled; a balance adjustment is
// exactly one ledger entry, applied once per request_key under concurrency, never below zero, and
// the ledger always adds up to the balance.

describe.each(testEngines())('console buyers (%s)', (engine) => {
  let t: TestApp;
  let owner: TestOperator;
  let staff: TestOperator;
  let outsider: TestOperator;
  let demoId: number;
  let ids: FixtureIds;
  let register: (email: string, password?: string) => Promise<string>;
  let keySeq = 0;
  const newKey = () => `adj-${engine}-${++keySeq}-${Date.now()}`;

  const call = async (
    op: { token: string } | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    locale: 'en' | 'zh-CN' = 'en',
  ) => {
    const res = await t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: op ? as(op, locale) : { locale },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const get = (url: string, op: TestOperator = staff) => call(op, 'GET', url);
  const post = (url: string, payload: object, op: TestOperator = staff, locale: 'en' | 'zh-CN' = 'en') =>
    call(op, 'POST', url, payload, locale);
  const asBuyer = async (token: string, url = '/api/front/user/info', locale: 'en' | 'zh-CN' = 'en') => {
    const res = await t.app.inject({ url, headers: { authorization: token, locale } });
    return { status: res.statusCode, body: res.json() };
  };
  const login = async (account: string, password: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/front/app/login',
        payload: { account, password },
      })
    ).json();
  const audits = (action: string, id: number) =>
    t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .where('object_id', '=', String(id))
      .orderBy('id')
      .execute();
  const ledgerOf = (id: number) =>
    t.db.selectFrom('wallet_ledger').selectAll().where('user_id', '=', id).orderBy('id').execute();
  const balanceOf = async (id: number) =>
    Number(
      (await t.db.selectFrom('users').select('balance').where('id', '=', id).executeTakeFirstOrThrow())
        .balance,
    );
  /** The wallet's invariant: the entries add up to the balance, each one chained to the last. */
  async function checkLedger(id: number) {
    const entries = await ledgerOf(id);
    let running = 0;
    for (const e of entries) {
      expect(Number(e.balance_before), `entry ${e.id}`).toBe(running);
      running += Number(e.amount);
      expect(Number(e.balance_after), `entry ${e.id}`).toBe(running);
    }
    expect(await balanceOf(id)).toBe(running);
    expect(running).toBeGreaterThanOrEqual(0);
  }
  const adjust = (id: number, amount: string, reason: string, request_key = newKey(), op = staff) =>
    post('/api/admin/buyers/adjust_balance', { id, amount, reason, request_key }, op);

  beforeAll(async () => {
    const shop = await shopFixture(engine);
    t = shop.t;
    demoId = shop.buyerId;
    ids = shop.ids;
    register = shop.register;
    owner = await addOperator(t.db, `owner-${engine}@ops.test`, 'owner');
    staff = await addOperator(t.db, `staff-${engine}@ops.test`, 'staff', ['buyers']);
    outsider = await addOperator(t.db, `orders-${engine}@ops.test`, 'staff', ['orders', 'refunds']);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 without an operator and 403 to staff without the buyers permission', async () => {
    expect((await call(null, 'GET', '/api/admin/buyers/list')).status).toBe(401);
    for (const [method, url, payload] of [
      ['GET', '/api/admin/buyers/list', undefined],
      ['GET', `/api/admin/buyers/detail?id=${demoId}`, undefined],
      ['GET', `/api/admin/buyers/ledger?id=${demoId}`, undefined],
      ['POST', '/api/admin/buyers/disable', { id: demoId, reason: 'x' }],
      ['POST', '/api/admin/buyers/enable', { id: demoId, reason: 'x' }],
      [
        'POST',
        '/api/admin/buyers/adjust_balance',
        { id: demoId, amount: '1.00', reason: 'x', request_key: newKey() },
      ],
    ] as const) {
      const res = await call(outsider, method, url, payload);
      expect(res.status, url).toBe(403);
    }
    expect((await get('/api/admin/buyers/list', owner)).status).toBe(200);
    expect(await ledgerOf(demoId)).toHaveLength(1);
    expect(
      await t.db.selectFrom('audit_log').selectAll().where('object_type', '=', 'buyer').execute(),
    ).toEqual([]);
  });

  it('searches by email, phone, nickname and id, filters by status, sorts, and masks phones', async () => {
    const [a, b, c] = await t.db
      .transaction()
      .execute((trx) => addFundedBuyers(trx, `search-${engine}`, 3, 1_000));
    await t.db
      .updateTable('users')
      .set({ phone: '13912345678', nickname: 'Zebra_Fan' })
      .where('id', '=', a!.id)
      .execute();
    await t.db.updateTable('users').set({ balance: 0 }).where('id', '=', b!.id).execute();
    await t.db.updateTable('users').set({ is_usable: 0 }).where('id', '=', c!.id).execute();
    const ids = async (query: string) =>
      ((await get(`/api/admin/buyers/list?${query}`)).body.data.list as { id: number }[]).map((r) => r.id);

    expect(await ids('keyword=SEARCH-' + engine)).toEqual([c!.id, b!.id, a!.id]);
    expect(await ids('keyword=1234567')).toEqual([a!.id]);
    expect(await ids('keyword=zebra_')).toEqual([a!.id]);
    // `_` matches itself, not any character.
    expect(await ids('keyword=zebr_')).toEqual([]);
    expect(await ids(`keyword=${b!.id}`)).toContain(b!.id);
    expect(await ids(`keyword=search-${engine}&status=disabled`)).toEqual([c!.id]);
    expect(await ids(`keyword=search-${engine}&status=active&sort=id&order=asc`)).toEqual([a!.id, b!.id]);
    expect(await ids(`keyword=search-${engine}&sort=balance&order=asc`)).toEqual([b!.id, a!.id, c!.id]);
    expect(await ids(`keyword=search-${engine}&sort=balance&order=desc`)).toEqual([c!.id, a!.id, b!.id]);

    const row = (await get(`/api/admin/buyers/list?keyword=zebra`)).body.data.list[0];
    expect(row).toMatchObject({
      id: a!.id,
      email: `search-${engine}-0@buyers.test`,
      phone: '139****5678',
      nickname: 'Zebra_Fan',
      balance: '10.00',
      order_count: 0,
      status: 'active',
    });
    const disabled = (await get(`/api/admin/buyers/list?keyword=search-${engine}-2`)).body.data.list[0];
    expect(disabled.status).toBe('disabled');
    expect((await get('/api/admin/buyers/list?status=gone')).status).toBe(400);
    await t.db.updateTable('users').set({ is_usable: 1 }).where('id', '=', c!.id).execute();
  });

  it("shows a buyer's profile, orders, tickets, reveals and ledger", async () => {
    const { token, id } = await t.db.transaction().execute(async (trx) => {
      const [buyer] = await addFundedBuyers(trx, `detail-${engine}`, 1, 50_000);
      return buyer!;
    });
    const front = async (url: string, payload: object) =>
      (
        await t.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { authorization: token, locale: 'en', 'x-forwarded-for': '203.0.113.9' },
        })
      ).json();
    const order = await front('/api/front/order/create', {
      items: [{ goods_id: ids.arena, goods_sku_id: ids.arena100, num: 1 }],
    });
    const oid = order.data.oid as string;
    expect((await front('/api/front/order/pay', { oid, method: 'balance' })).code).toBe(200);
    expect((await front('/api/front/order/card/reveal_all', { oid })).code).toBe(200);
    expect(
      (await front('/api/front/support/create', { subject: 'Where is my key?', body: 'Help', oid })).code,
    ).toBe(200);

    const detail = await get(`/api/admin/buyers/detail?id=${id}`);
    expect(detail.status).toBe(200);
    const data = detail.body.data;
    expect(data.buyer).toMatchObject({
      id,
      balance: '402.00',
      status: 'active',
      order_count: 1,
      ledger_count: 2,
      ticket_count: 1,
      live_tokens: 1,
    });
    expect(data.orders).toEqual([
      expect.objectContaining({ oid, currency: 'CNY', total: '98.00', total_cny: '98.00', item_count: 1 }),
    ]);
    expect(data.tickets).toEqual([
      expect.objectContaining({ subject: 'Where is my key?', status: 'open', oid }),
    ]);
    expect(data.reveal_count).toBe(1);
    expect(data.reveals[0]).toMatchObject({
      oid,
      goods_name_en: 'Arena Gift Card',
      spec_en: '100 CNY',
      via: 'order',
    });
    expect(typeof data.reveals[0].ip).toBe('string');

    const ledger = await get(`/api/admin/buyers/ledger?id=${id}&limit=1`);
    expect(ledger.body.data).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(ledger.body.data.list[0]).toMatchObject({
      type: 'order_payment',
      amount: '-98.00',
      ref: oid,
      memo: '',
    });
    const opening = await get(`/api/admin/buyers/ledger?id=${id}&type=opening`);
    expect(opening.body.data.list).toEqual([
      expect.objectContaining({ amount: '500.00', balance_after: '500.00' }),
    ]);

    expect((await get('/api/admin/buyers/detail?id=987654')).status).toBe(404);
    expect((await get('/api/admin/buyers/ledger?id=987654')).body.msg).toBe('This buyer does not exist');
  });

  it("a disabled buyer's tokens stop working at once; enabling lets them log in again", async () => {
    const email = `gone-${engine}@buyers.test`;
    const password = 'disable-me-1';
    const first = await register(email, password);
    const second = (await login(email, password)).data.token as string;
    const id = (await asBuyer(first)).body.data.id as number;
    expect((await asBuyer(second)).status).toBe(200);
    expect((await asBuyer(first, '/api/front/user/balanceLog')).status).toBe(200);

    const disabled = await post('/api/admin/buyers/disable', { id, reason: 'Chargeback fraud' });
    expect(disabled.status).toBe(200);
    expect(disabled.body.data).toMatchObject({ id, status: 'disabled', live_tokens: 0 });
    // The very next request with either old token is refused.
    expect((await asBuyer(first)).status).toBe(401);
    expect((await asBuyer(second, '/api/front/user/balanceLog')).status).toBe(401);
    const refused = await login(email, password);
    // The right password of a disabled account is told so (issue 29), with no token.
    expect(refused.code).toBe(40_301);
    expect(refused.data?.token).toBeUndefined();
    const revoked = await t.db
      .selectFrom('user_tokens')
      .select('revoked_at')
      .where('user_id', '=', id)
      .execute();
    expect(revoked.length).toBeGreaterThanOrEqual(2);
    expect(revoked.every((r) => r.revoked_at !== null)).toBe(true);

    // Idempotent: disabling again changes nothing and audits nothing.
    expect((await post('/api/admin/buyers/disable', { id, reason: 'again' })).status).toBe(200);
    const entries = await audits('buyer.disable', id);
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]!.after_json!)).toMatchObject({
      status: 'disabled',
      reason: 'Chargeback fraud',
      tokens_revoked: 2,
    });
    expect(entries[0]!.actor).toBe(staff.email);

    const enabled = await post('/api/admin/buyers/enable', { id, reason: 'Cleared by the bank' });
    expect(enabled.body.data).toMatchObject({ status: 'active', live_tokens: 0 });
    expect((await post('/api/admin/buyers/enable', { id, reason: 'again' })).status).toBe(200);
    expect(await audits('buyer.enable', id)).toHaveLength(1);
    // The old tokens stay dead; a new login works.
    expect((await asBuyer(first)).status).toBe(401);
    const again = (await login(email, password)).data.token as string;
    expect((await asBuyer(again)).status).toBe(200);

    expect((await post('/api/admin/buyers/disable', { id, reason: '' })).status).toBe(400);
    expect((await post('/api/admin/buyers/disable', { id: 987654, reason: 'x' })).status).toBe(404);
  });

  it('disables once under concurrent requests', async () => {
    const [buyer] = await t.db
      .transaction()
      .execute((trx) => addFundedBuyers(trx, `race-off-${engine}`, 1, 1));
    const results = await Promise.all(
      Array.from({ length: 10 }, () => post('/api/admin/buyers/disable', { id: buyer!.id, reason: 'race' })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await audits('buyer.disable', buyer!.id)).toHaveLength(1);
    expect((await asBuyer(buyer!.token)).status).toBe(401);
  });

  it('adjusts a balance with one ledger entry the buyer reads with its reason', async () => {
    const [buyer] = await t.db
      .transaction()
      .execute((trx) => addFundedBuyers(trx, `adj-${engine}`, 1, 1_000));
    const id = buyer!.id;
    const credit = await adjust(id, '20.00', 'Compensation for a late delivery');
    expect(credit.status).toBe(200);
    expect(credit.body.data).toMatchObject({
      applied: true,
      balance: '30.00',
      entry: {
        type: 'adjustment',
        amount: '20.00',
        balance_before: '10.00',
        balance_after: '30.00',
        memo: 'Compensation for a late delivery',
      },
    });
    const debit = await adjust(id, '-5', '扣回误充');
    expect(debit.body.data).toMatchObject({ applied: true, balance: '25.00', entry: { amount: '-5.00' } });
    const entries = await ledgerOf(id);
    expect(entries).toHaveLength(3);
    expect(entries.slice(1).map((e) => [e.type, Number(e.amount), e.memo])).toEqual([
      ['adjustment', 2_000, 'Compensation for a late delivery'],
      ['adjustment', -500, '扣回误充'],
    ]);
    await checkLedger(id);

    const log = await asBuyer(buyer!.token, '/api/front/user/balanceLog', 'en');
    expect(log.body.data.list.map((e: { title: string }) => e.title)).toEqual([
      'Balance adjustment: 扣回误充',
      'Balance adjustment: Compensation for a late delivery',
      'Opening balance',
    ]);
    const zh = await asBuyer(buyer!.token, '/api/front/user/balanceLog', 'zh-CN');
    expect(zh.body.data.list[1]).toMatchObject({
      type: 'adjustment',
      title: '余额调整：Compensation for a late delivery',
      amount: '20.00',
      balance_after: '30.00',
    });

    const audit = await audits('buyer.adjust_balance', id);
    expect(audit).toHaveLength(2);
    expect(JSON.parse(audit[0]!.before_json!)).toEqual({ balance: '10.00' });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({
      balance: '30.00',
      amount: '20.00',
      reason: 'Compensation for a late delivery',
    });
  });

  it('refuses zero, bad amounts and going below zero, writing nothing', async () => {
    const [buyer] = await t.db.transaction().execute((trx) => addFundedBuyers(trx, `low-${engine}`, 1, 300));
    const id = buyer!.id;
    for (const amount of ['0', '0.00', '-0.00', '1.234', 'abc', '+5', '10000000', '1000000.01'])
      expect((await adjust(id, amount, 'bad')).status, amount).toBe(400);
    expect((await adjust(id, '1.00', '')).status).toBe(400);
    expect((await adjust(id, '1.00', 'x'.repeat(201))).status).toBe(400);
    expect((await adjust(id, '1.00', 'ok', 'short')).status).toBe(400);

    const below = await post(
      '/api/admin/buyers/adjust_balance',
      { id, amount: '-3.01', reason: 'too much', request_key: newKey() },
      staff,
      'zh-CN',
    );
    expect(below.status).toBe(400);
    expect(below.body.msg).toBe('买家余额为 ¥3.00，不能扣减 ¥3.01：余额不能低于零');
    const en = await adjust(id, '-3.01', 'too much');
    expect(en.body.msg).toBe("The buyer's balance is ¥3.00; deducting ¥3.01 would take it below zero");
    // Down to exactly zero is fine.
    expect((await adjust(id, '-3.00', 'all of it')).body.data.balance).toBe('0.00');
    expect(await ledgerOf(id)).toHaveLength(2);
    expect(await audits('buyer.adjust_balance', id)).toHaveLength(1);
    await checkLedger(id);
    expect((await adjust(987654, '1.00', 'nobody')).status).toBe(404);
  });

  it('applies one request_key once under 20 concurrent identical requests', async () => {
    const [buyer] = await t.db
      .transaction()
      .execute((trx) => addFundedBuyers(trx, `idem-${engine}`, 1, 1_000));
    const id = buyer!.id;
    for (const amount of ['-7.50', '12.00']) {
      const key = newKey();
      const results = await Promise.all(Array.from({ length: 20 }, () => adjust(id, amount, 'once', key)));
      expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(results.filter((r) => r.body.data.applied)).toHaveLength(1);
      const entryIds = new Set(results.map((r) => r.body.data.entry.id));
      expect(entryIds.size).toBe(1);
      expect(
        await t.db
          .selectFrom('wallet_ledger')
          .selectAll()
          .where('idempotency_key', '=', `adjust:${key}`)
          .execute(),
      ).toHaveLength(1);
    }
    expect(await balanceOf(id)).toBe(1_000 - 750 + 1_200);
    expect(await ledgerOf(id)).toHaveLength(3);
    expect(await audits('buyer.adjust_balance', id)).toHaveLength(2);
    await checkLedger(id);

    // The same key again later, or for another change: the first answer, or 409.
    const key = newKey();
    expect((await adjust(id, '1.00', 'first', key)).body.data.applied).toBe(true);
    expect((await adjust(id, '1.00', 'first', key)).body.data).toMatchObject({
      applied: false,
      balance: '15.50',
    });
    expect((await adjust(id, '2.00', 'first', key)).status).toBe(409);
    expect((await adjust(id, '1.00', 'other reason', key)).status).toBe(409);
    expect((await adjust(demoId, '1.00', 'first', key)).status).toBe(409);
    expect(await balanceOf(id)).toBe(1_550);
  });

  it('keeps the ledger sum equal to the balance under mixed concurrent adjustments', async () => {
    const [buyer] = await t.db
      .transaction()
      .execute((trx) => addFundedBuyers(trx, `mixed-${engine}`, 1, 1_000));
    const id = buyer!.id;
    // 30 requests: credits of 3.00, debits of 4.00 that the balance cannot all cover, and repeats.
    const keys = Array.from({ length: 10 }, () => newKey());
    const requests = [
      ...keys.map((k) => adjust(id, '3.00', 'credit', k)),
      ...keys.map((k) => adjust(id, '3.00', 'credit', k)),
      ...Array.from({ length: 10 }, () => adjust(id, '-4.00', 'debit')),
    ];
    const results = await Promise.all(requests);
    for (const r of results) expect([200, 400]).toContain(r.status);
    const refusedDebits = results.filter((r) => r.status === 400).length;
    const appliedDebits = 10 - refusedDebits;
    expect(await balanceOf(id)).toBe(1_000 + 10 * 300 - appliedDebits * 400);
    expect(await ledgerOf(id)).toHaveLength(1 + 10 + appliedDebits);
    expect(await audits('buyer.adjust_balance', id)).toHaveLength(10 + appliedDebits);
    await checkLedger(id);
  });

  it('leaves the demo buyer usable and untouched', async () => {
    const demo = (await login(DEMO_BUYER.email, DEMO_BUYER.password)).data.token as string;
    expect((await asBuyer(demo)).status).toBe(200);
  });
});

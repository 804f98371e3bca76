import { codeKey } from '@shop/domain/promotions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFundedBuyers } from '../../../test/buyers.ts';
import { fixture } from '../../../test/catalog-fixture.ts';
import { createTestApp, type TestApp, testEngines } from '../../../test/helpers.ts';
import { addOperator, as, type TestOperator } from '../../../test/operators.ts';
import { batchCreateBody } from '@shop/contract/admin/promotions.schemas';
import { insertCatalog } from '../../seed/seed-catalog.ts';
import { restockWith } from '../../seed/seed-demo.ts';
import { enqueueJob, JOB_MAX_ATTEMPTS } from '../jobs/queue.ts';
import { batchJobKey, COUPON_BATCH_JOB, createBatch, runBatchJob } from './promotions-admin.service.ts';

// Issue 31 (decision 072): the console's promotions. Codes are refused in words when their folded
// text is taken or their terms do not add up; only the safe fields change after creation, and total
// uses never go below the uses made; a batch of 10,000 single-use codes is made by the jobs runner
// with its progress readable, every code unique, and exported as CSV; member levels and the tiers
// and level prices of a goods' options are checked and audited; staff without `promotions` get 403.

describe.each(testEngines())('console promotions (%s)', (engine) => {
  let t: TestApp;
  let owner: TestOperator;
  let noPromotions: TestOperator;

  const admin = async (
    path: string,
    body?: unknown,
    locale: 'zh-CN' | 'en' = 'en',
    who: { token: string } = owner,
  ) => {
    const res = await t.app.inject({
      method: body === undefined ? 'GET' : 'POST',
      url: `/api/admin${path}`,
      headers: as(who, locale),
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const json = res.headers['content-type']?.toString().startsWith('application/json');
    return { status: res.statusCode, body: json ? res.json() : null, raw: res };
  };
  const audit = async (objectType: string, objectId: number) =>
    (await admin(`/audit/list?object_type=${objectType}&object_id=${objectId}&order=asc`)).body.data.list as {
      action: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }[];

  /** An order of a buyer holding a code's use, as the buyer side writes it. */
  async function redeemed(couponId: number, userId: number, status: 'held' | 'used', discountCny: number) {
    const now = Date.now();
    const oid = `T${Math.floor(Math.random() * 1e12)}`.padEnd(12, '0');
    const order = await t.db
      .insertInto('orders')
      .values({
        oid,
        user_id: userId,
        status: status === 'used' ? 'paid' : 'pending_payment',
        currency: 'CNY',
        total_amount: 9000,
        total_cny: 9000,
        exchange_rate_ppm: 138000,
        item_count: 1,
        list_amount: 9000 + discountCny,
        coupon_discount: discountCny,
        coupon_code: 'SPRINGSALE10',
        created_at: now,
        updated_at: now,
        expires_at: now + 900_000,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('coupons')
      .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
      .where('id', '=', couponId)
      .execute();
    await t.db
      .insertInto('coupon_redemptions')
      .values({
        coupon_id: couponId,
        user_id: userId,
        order_id: Number(order.id),
        status,
        discount_amount: discountCny,
        discount_cny: discountCny,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return oid;
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.db
      .transaction()
      .execute((trx) => insertCatalog(trx, fixture, restockWith(trx, t.app.cardCipher)));
    owner = await addOperator(t.db, 'owner@promotions.test', 'owner');
    noPromotions = await addOperator(t.db, 'staff@promotions.test', 'staff', ['catalog', 'orders']);
  });
  afterAll(() => t.close());

  const fixed = {
    code: 'spring-sale 10',
    name: 'Spring',
    kind: 'fixed',
    amount_cny: '10',
    min_spend_cny: '50',
    total_uses: 3,
    per_user: 1,
  };

  it('creates a code as written, refuses one whose folded text is taken, and audits it', async () => {
    const created = await admin('/promotions/coupon/create', fixed);
    expect(created.status).toBe(200);
    const c = created.body.data;
    expect(c).toMatchObject({
      code: 'SPRINGSALE10',
      kind: 'fixed',
      amount_cny: '10.00',
      percent: null,
      min_spend_cny: '50.00',
      total_uses: 3,
      used_count: 0,
      per_user: 1,
      scope: 'all',
      state: 'active',
      paid_orders: 0,
      revenue_cny: '0.00',
    });
    const row = await t.db.selectFrom('coupons').selectAll().where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(row.code_key).toBe(codeKey('SPRINGSALE10'));

    // O for 0, l for 1, lower case, dashes: the same code to a buyer, so refused in words.
    for (const [locale, words] of [
      ['en', /SPR1NGSALEIO is taken/],
      ['zh-CN', /已存在/],
    ] as const) {
      const again = await admin('/promotions/coupon/create', { ...fixed, code: 'spr1ngsale-IO' }, locale);
      expect(again.status).toBe(409);
      expect(again.body.msg).toMatch(words);
    }
    expect((await admin('/promotions/coupon/create', { ...fixed, code: 'A!' })).status).toBe(400);
    const short = await admin('/promotions/coupon/create', { ...fixed, code: 'AB' }, 'zh-CN');
    expect(short.status).toBe(422);
    expect(short.body.msg).toContain('3–32');

    const entries = await audit('coupon', c.id);
    expect(entries.map((e) => e.action)).toEqual(['coupon.create']);
    expect(entries[0]!.after).toMatchObject({ code: 'SPRINGSALE10', amount_cny: '10.00', total_uses: 3 });
  });

  it('refuses terms that do not add up, each in words', async () => {
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ kind: 'fixed', amount_cny: null }, 422, /CNY amount/],
      [{ kind: 'fixed', percent: '10' }, 422, /CNY amount/],
      [{ kind: 'percent', amount_cny: null, percent: null }, 422, /percent above 0/],
      [{ kind: 'percent', amount_cny: null, percent: '100.5' }, 422, /percent above 0/],
      [{ kind: 'percent', amount_cny: '5', percent: '10' }, 422, /percent above 0/],
      [{ starts_at: 2_000, ends_at: 1_000 }, 422, /end must come after/],
      [{ scope: 'categories', scope_ids: [] }, 422, /at least one/],
      [{ scope: 'categories', scope_ids: [1, 999] }, 422, /999/],
      [{ scope: 'goods', scope_ids: [998] }, 422, /998/],
      [{ scope: 'options', scope_ids: ['s999', 'g1:f60'] }, 422, /s999/],
    ];
    let n = 0;
    for (const [terms, status, words] of cases) {
      const res = await admin('/promotions/coupon/create', { ...fixed, code: `TERMS${(n += 1)}X`, ...terms });
      expect(res.status, JSON.stringify(terms)).toBe(status);
      expect(res.body.msg, JSON.stringify(terms)).toMatch(words);
    }
    const ok = await admin('/promotions/coupon/create', {
      code: 'rpg15',
      kind: 'percent',
      percent: '12.5',
      cap_cny: '30',
      scope: 'options',
      scope_ids: ['g1:f60', 'g1:f300'],
      first_order_only: 1,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      percent: '12.5',
      cap_cny: '30.00',
      scope_ids: ['g1:f60', 'g1:f300'],
      first_order_only: 1,
    });
    const cats = await admin('/promotions/coupon/create', {
      code: 'games-10',
      kind: 'percent',
      percent: '10',
      scope: 'categories',
      scope_ids: [1, 1],
    });
    expect(cats.body.data.scope_ids).toEqual([1]);
  });

  it('changes only what is safe, never total uses below the uses made; usage and figures per code', async () => {
    const list = await admin('/promotions/coupon/list?keyword=springsale');
    const c = list.body.data.list[0];
    expect(list.body.data.total).toBe(1);
    const [a, b] = await addFundedBuyers(t.db, `promo-${engine}`, 2, 100);
    const paidOid = await redeemed(c.id, a!.id, 'used', 1000);
    await redeemed(c.id, b!.id, 'held', 1000);

    const below = await admin('/promotions/coupon/update', { id: c.id, total_uses: 1 }, 'zh-CN');
    expect(below.status).toBe(409);
    expect(below.body.msg).toBe('总次数不能少于已使用的 2 次');
    expect((await admin('/promotions/coupon/update', { id: c.id, amount_cny: '20' })).status).toBe(400);
    expect((await admin('/promotions/coupon/update', { id: c.id, code: 'OTHER' })).status).toBe(400);

    const changed = await admin('/promotions/coupon/update', { id: c.id, total_uses: 2, name: 'Spring 2' });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      total_uses: 2,
      used_count: 2,
      state: 'used_up',
      name: 'Spring 2',
    });
    expect(changed.body.data).toMatchObject({ paid_orders: 1, revenue_cny: '90.00', discount_cny: '10.00' });

    const usedUp = await admin('/promotions/coupon/list?state=used_up');
    expect(usedUp.body.data.list.map((x: { id: number }) => x.id)).toEqual([c.id]);
    expect(
      (await admin('/promotions/coupon/list?state=active')).body.data.list.map((x: { id: number }) => x.id),
    ).not.toContain(c.id);

    const disabled = await admin('/promotions/coupon/update', { id: c.id, disabled: 1 });
    expect(disabled.body.data.state).toBe('disabled');
    const entries = await audit('coupon', c.id);
    expect(entries.map((e) => e.action)).toEqual(['coupon.create', 'coupon.update', 'coupon.update']);
    expect(entries[1]!.before).toMatchObject({ total_uses: 3, name: 'Spring' });
    expect(entries[1]!.after).toMatchObject({ total_uses: 2, name: 'Spring 2' });

    const uses = await admin(`/promotions/coupon/usage?id=${c.id}`);
    expect(uses.body.data.total).toBe(2);
    expect(uses.body.data.list[1]).toMatchObject({
      oid: paidOid,
      status: 'used',
      discount: '10.00',
      total_cny: '90.00',
      email: `promo-${engine}-0@buyers.test`,
    });
    // The console's order shows the discount lines frozen on it and the code's use.
    const detail = await admin(`/orders/detail?oid=${paidOid}`);
    expect(detail.body.data.order).toMatchObject({
      list_amount: '100.00',
      coupon_discount: '10.00',
      tier_discount: '0.00',
      coupon_code: 'SPRINGSALE10',
      coupon_id: c.id,
      coupon_use: 'used',
      total_amount: '90.00',
    });
    const held = await admin(`/promotions/coupon/usage?id=${c.id}&status=held`);
    expect(held.body.data.list.map((u: { status: string }) => u.status)).toEqual(['held']);
    expect((await admin('/promotions/coupon/usage?id=99999')).status).toBe(404);
  });

  it('generates 10,000 unique single-use codes in the background, shows progress, exports them', async () => {
    const started = await admin('/promotions/batch/create', {
      name: 'Newsletter',
      prefix: 'nl',
      count: 10_000,
      kind: 'fixed',
      amount_cny: '5',
    });
    expect(started.status).toBe(200);
    const batch = started.body.data;
    expect(batch).toMatchObject({ count: 10_000, prefix: 'NL' });
    // The answer may come before the worker is done; export waits for it.
    const status = () => admin(`/promotions/batch/status?id=${batch.id}`);
    if ((await status()).body.data.status === 'generating') {
      const early = await admin(`/promotions/batch/export?id=${batch.id}`, undefined, 'zh-CN');
      expect([200, 409]).toContain(early.status);
    }
    for (let i = 0; i < 60 && (await status()).body.data.status === 'generating'; i++)
      await t.app.jobs.kick();
    expect((await status()).body.data).toMatchObject({ status: 'done', generated: 10_000, used: 0 });

    const codes = await t.db
      .selectFrom('coupons')
      .select(['code', 'code_key', 'total_uses', 'per_user', 'amount_cny'])
      .where('batch_id', '=', batch.id)
      .execute();
    expect(codes).toHaveLength(10_000);
    expect(new Set(codes.map((c) => c.code_key)).size).toBe(10_000);
    for (const c of codes) {
      expect(c.code).toMatch(/^NL[2-9A-HJKMNP-Z]{10}$/);
      expect(codeKey(c.code)).toBe(c.code_key);
      expect([Number(c.total_uses), Number(c.per_user), Number(c.amount_cny)]).toEqual([1, 1, 500]);
    }

    const file = await admin(`/promotions/batch/export?id=${batch.id}`, undefined, 'zh-CN');
    expect(file.status).toBe(200);
    expect(file.raw.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = file.raw.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('\ufeff优惠码,已使用,状态');
    expect(lines).toHaveLength(10_001);
    expect(lines[1]).toMatch(/^NL\w{10},0,可用$/);
    expect((await audit('coupon_batch', batch.id)).map((e) => e.action)).toEqual([
      'coupon_batch.create',
      'coupon_batch.export',
    ]);
    const listed = await admin('/promotions/coupon/list?batched=0&limit=100');
    expect(listed.body.data.list.every((c: { batch_id: number | null }) => c.batch_id === null)).toBe(true);
    expect((await admin(`/promotions/coupon/list?batch_id=${batch.id}`)).body.data.total).toBe(10_000);
  }, 120_000);

  it('shows a batch whose job was set aside after repeated errors as failed; a retry makes exactly its count', async () => {
    // Made by the service with its job queued for later, so the test runs each step itself.
    const batch = await createBatch(
      t.db,
      { operatorId: owner.id, name: owner.email, requestId: 'test', ip: '127.0.0.1' },
      batchCreateBody.parse({ name: 'Flaky', prefix: 'FX', count: 2_500, kind: 'fixed', amount_cny: '3' }),
      (trx, key) => enqueueJob(trx, { name: COUPON_BATCH_JOB, key, runAt: Date.now() + 3_600_000 }),
    );
    const key = batchJobKey(batch.id);
    const job = () =>
      t.db
        .selectFrom('jobs')
        .select(['status', 'attempts'])
        .where('job_key', '=', key)
        .executeTakeFirstOrThrow();
    const status = async () => (await admin(`/promotions/batch/status?id=${batch.id}`)).body.data;
    // The first chunk is made; then every insert fails (terms the coupons table refuses).
    expect(await runBatchJob(t.db, batch.id)).toEqual({ runAt: expect.any(Number) });
    const firstCodes = await t.db
      .selectFrom('coupons')
      .select('id')
      .where('batch_id', '=', batch.id)
      .execute();
    expect(firstCodes).toHaveLength(1_000);
    const { terms } = await t.db
      .selectFrom('coupon_batches')
      .select('terms')
      .where('id', '=', batch.id)
      .executeTakeFirstOrThrow();
    const broken = JSON.stringify({ ...JSON.parse(terms), kind: 'gift' });
    await t.db.updateTable('coupon_batches').set({ terms: broken }).where('id', '=', batch.id).execute();
    const failOnce = async () => {
      await t.db.updateTable('jobs').set({ run_at: 0 }).where('job_key', '=', key).execute();
      await t.app.jobs.kick();
    };
    await failOnce();
    // One failure is retried by the jobs runner with back-off: still generating.
    expect((await job()).status).toBe('queued');
    expect(await status()).toMatchObject({ status: 'generating', generated: 1_000 });
    for (let i = 0; i < 3 * JOB_MAX_ATTEMPTS && (await job()).status === 'queued'; i++) await failOnce();
    expect(await job()).toMatchObject({ status: 'dead' });
    expect(await status()).toMatchObject({ status: 'failed', generated: 1_000, count: 2_500 });
    const listed = (await admin('/promotions/batch/list?limit=100')).body.data.list;
    expect(listed.find((b: { id: number }) => b.id === batch.id)).toMatchObject({ status: 'failed' });
    const refusedExport = await admin(`/promotions/batch/export?id=${batch.id}`, undefined, 'zh-CN');
    expect(refusedExport.status).toBe(409);
    expect(refusedExport.body.msg).toContain('生成失败');
    expect(refusedExport.body.msg).toContain('1000 / 2500');

    // Staff without `promotions` cannot retry; a batch that has not failed is not retried.
    expect((await admin('/promotions/batch/retry', { id: batch.id }, 'en', noPromotions)).status).toBe(403);
    // The cause is gone (the terms read again); the operator retries.
    await t.db.updateTable('coupon_batches').set({ terms }).where('id', '=', batch.id).execute();
    const retried = await admin('/promotions/batch/retry', { id: batch.id });
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ status: 'generating', generated: 1_000 });
    const twice = await admin('/promotions/batch/retry', { id: batch.id });
    if ((await status()).status === 'generating') {
      expect(twice.status).toBe(409);
      expect(twice.body.msg).toBe('Only a batch whose generation failed can be retried');
    }
    for (let i = 0; i < 60 && (await status()).status !== 'done'; i++) await t.app.jobs.kick();
    expect(await status()).toMatchObject({ status: 'done', generated: 2_500 });
    const codes = await t.db
      .selectFrom('coupons')
      .select(['id', 'code_key'])
      .where('batch_id', '=', batch.id)
      .execute();
    expect(codes).toHaveLength(2_500);
    expect(new Set(codes.map((c) => c.code_key)).size).toBe(2_500);
    const ids = new Set(codes.map((c) => Number(c.id)));
    expect(firstCodes.every((c) => ids.has(Number(c.id)))).toBe(true);
    expect((await admin('/promotions/batch/retry', { id: batch.id })).status).toBe(409);
    expect((await admin(`/promotions/batch/export?id=${batch.id}`)).status).toBe(200);
    const entries = await audit('coupon_batch', batch.id);
    expect(entries.map((e) => e.action)).toEqual([
      'coupon_batch.create',
      'coupon_batch.retry',
      'coupon_batch.export',
    ]);
    expect(entries[1]).toMatchObject({
      before: { count: 2_500, generated: 1_000, job: 'dead' },
      after: { count: 2_500, generated: 1_000, job: 'queued' },
    });
  }, 120_000);

  it("lists a code's uses page by page, all of them, with the total on every page", async () => {
    const created = await admin('/promotions/coupon/create', {
      code: 'MANYUSES',
      kind: 'fixed',
      amount_cny: '1',
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    const buyers = await addFundedBuyers(t.db, `uses-${engine}`, 3, 100);
    const made: string[] = [];
    for (let i = 0; i < 45; i++)
      made.push(await redeemed(id, buyers[i % 3]!.id, i % 5 ? 'used' : 'held', 100));
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const answer = await admin(`/promotions/coupon/usage?id=${id}&page=${page}&limit=20`);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ total: 45, page, limit: 20 });
      expect(answer.body.data.list).toHaveLength(page < 3 ? 20 : 5);
      seen.push(...answer.body.data.list.map((u: { oid: string }) => u.oid));
    }
    expect(new Set(seen).size).toBe(45);
    expect([...seen].sort()).toEqual([...made].sort());
    // Newest first: the last use made leads the first page.
    expect(seen[0]).toBe(made.at(-1));
    const beyond = await admin(`/promotions/coupon/usage?id=${id}&page=4&limit=20`);
    expect(beyond.body.data).toMatchObject({ list: [], total: 45 });
    expect((await admin(`/promotions/coupon/usage?id=${id}&limit=101`)).status).toBe(400);
    const held = await admin(`/promotions/coupon/usage?id=${id}&status=held&page=1&limit=5`);
    expect(held.body.data).toMatchObject({ total: 9 });
    expect(held.body.data.list).toHaveLength(5);
  });

  it('keeps member levels: thresholds unique, a held level not removed', async () => {
    const silver = await admin('/promotions/level/create', {
      name_zh: '白银',
      name_en: 'Silver',
      threshold_cny: '500',
      discount_percent: '2.5',
    });
    expect(silver.status).toBe(200);
    expect(silver.body.data).toMatchObject({ threshold_cny: '500.00', discount_percent: '2.5', members: 0 });
    const dup = await admin(
      '/promotions/level/create',
      { name_zh: '重复', name_en: 'Dup', threshold_cny: '500.00', discount_percent: '1' },
      'zh-CN',
    );
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toContain('500.00');
    expect(
      (
        await admin('/promotions/level/create', {
          name_zh: 'x',
          name_en: 'x',
          threshold_cny: '1',
          discount_percent: '100',
        })
      ).status,
    ).toBe(400);

    const gold = await admin('/promotions/level/create', {
      name_zh: '黄金',
      name_en: 'Gold',
      threshold_cny: '2000',
      discount_percent: '5',
    });
    const changed = await admin('/promotions/level/update', { id: gold.body.data.id, discount_percent: '6' });
    expect(changed.body.data.discount_percent).toBe('6');
    const [buyer] = await addFundedBuyers(t.db, `level-${engine}`, 1, 100);
    await t.db
      .updateTable('users')
      .set({ level_id: silver.body.data.id })
      .where('id', '=', buyer!.id)
      .execute();
    const levels = await admin('/promotions/level/list');
    expect(levels.body.data.map((l: { name_en: string; members: number }) => [l.name_en, l.members])).toEqual(
      [
        ['Silver', 1],
        ['Gold', 0],
      ],
    );
    const inUse = await admin('/promotions/level/delete', { id: silver.body.data.id });
    expect(inUse.status).toBe(409);
    expect(inUse.body.msg).toMatch(/cannot be removed/);
    expect((await admin('/promotions/level/delete', { id: gold.body.data.id })).status).toBe(200);
    expect((await audit('member_level', gold.body.data.id)).map((e) => e.action)).toEqual([
      'member_level.create',
      'member_level.update',
      'member_level.delete',
    ]);
  });

  it("sets a goods' tiers and level prices, each below the list price and on its own options", async () => {
    const levels = (await admin('/promotions/level/list')).body.data as { id: number }[];
    const prices = await admin('/goods/prices?id=1');
    expect(prices.body.data.options.map((o: { key: string }) => o.key)).toEqual([
      'g1:f60',
      'g1:f300',
      'g1:f6480',
    ]);
    const body = {
      id: 1,
      tiers: [
        { option_key: 'g1:f60', min_num: 10, price_cny: '5.40' },
        { option_key: 'g1:f60', min_num: 50, price_cny: '5' },
      ],
      level_prices: [{ level_id: levels[0]!.id, option_key: 'g1:f300', price_cny: '28', price_usd: '4.20' }],
    };
    const set = await admin('/goods/prices/set', body);
    expect(set.status).toBe(200);
    expect(set.body.data.tiers).toEqual([
      { option_key: 'g1:f60', min_num: 10, price_cny: '5.40', price_usd: null },
      { option_key: 'g1:f60', min_num: 50, price_cny: '5.00', price_usd: null },
    ]);
    expect(set.body.data.level_prices[0]).toMatchObject({ price_cny: '28.00', price_usd: '4.20' });

    const refusals: [unknown, RegExp][] = [
      [{ ...body, tiers: [{ option_key: 's1', min_num: 10, price_cny: '1' }] }, /no such option: s1/],
      [
        { ...body, tiers: [{ option_key: 'g1:f60', min_num: 10, price_cny: '6' }] },
        /below the option's list price/,
      ],
      [{ ...body, tiers: [body.tiers[0], body.tiers[0]] }, /One tier per quantity/],
      [
        {
          ...body,
          level_prices: [
            { level_id: levels[0]!.id, option_key: 'g1:f300', price_cny: '28', price_usd: '4.50' },
          ],
        },
        /below/,
      ],
    ];
    for (const [refused, words] of refusals) {
      const res = await admin('/goods/prices/set', refused);
      expect(res.status, JSON.stringify(refused)).toBe(422);
      expect(res.body.msg).toMatch(words);
    }
    // A tier from 1 is no tier: refused by the request's shape, in words.
    const one = await admin('/goods/prices/set', {
      ...body,
      tiers: [{ option_key: 'g1:f60', min_num: 1, price_cny: '5' }],
    });
    expect(one.status).toBe(400);
    expect(one.body.msg).toBe('From quantity of tier 1 must be at least 2');
    const kept = await admin('/goods/prices?id=1');
    expect(kept.body.data.tiers).toHaveLength(2);
    const entries = await audit('goods', 1);
    expect(entries.at(-1)).toMatchObject({ action: 'goods.prices', before: { tiers: [] } });
    // The audit names options and levels in both languages, never by their internal keys.
    const option = (await admin('/goods/prices?id=1')).body.data.options.find(
      (o: { key: string }) => o.key === 'g1:f60',
    );
    expect((entries.at(-1)!.after as { tiers: unknown[] }).tiers[0]).toEqual({
      option: { zh: option.name_zh, en: option.name_en },
      min_num: 10,
      price_cny: '5.40',
      price_usd: null,
    });
    expect(JSON.stringify(entries.at(-1))).not.toMatch(/g1:f|option_key|level_id/);
    // Staff with `catalog` edit tiers; without `promotions` they cannot touch codes or levels.
    expect((await admin('/goods/prices?id=1', undefined, 'en', noPromotions)).status).toBe(200);
    for (const path of ['/promotions/coupon/list', '/promotions/level/list', '/promotions/batch/list'])
      expect((await admin(path, undefined, 'en', noPromotions)).status, path).toBe(403);
    const refused = await admin(
      '/promotions/coupon/create',
      { ...fixed, code: 'STAFF1' },
      'zh-CN',
      noPromotions,
    );
    expect(refused.body).toMatchObject({ code: 403, msg: '没有权限' });
  });
});

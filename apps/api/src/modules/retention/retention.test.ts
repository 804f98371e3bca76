import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngines } from '../../../test/helpers.ts';
import type { DB } from '../../db/database.ts';
import { DEMO_BUYER, seedDemo } from '../../seed/seed-demo.ts';

// Issue 11, finding 8 (decision 026): the retention sweep deletes what has expired or finished
// longer ago than its period, keeps everything younger, and never touches money or audit records.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(testEngines())('retention sweep (%s)', (engine) => {
  let t: TestApp;
  let buyerId: number;
  const now = Date.now();

  beforeAll(async () => {
    t = await createTestApp(
      engine,
      { RETENTION_DAYS: '7', RETENTION_CODES_HOURS: '24' },
      { jobTimers: false },
    );
    await seedDemo(t.db, t.app.cardCipher);
    buyerId = (
      await t.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_BUYER.email)
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  /** Names (keys, accounts, recipients …) of the rows left in a table. */
  const left = async (table: keyof DB, column: string) =>
    (
      await t.db
        .selectFrom(table)
        .select(`${column} as name` as never)
        .execute()
    )
      // char(64) columns come back blank-padded from PostgreSQL.
      .map((r) => String((r as { name: unknown }).name).trimEnd())
      .sort();

  it('registers the sweep as a row of the jobs table', async () => {
    const row = await t.db
      .selectFrom('jobs')
      .selectAll()
      .where('job_key', '=', 'every:retention')
      .executeTakeFirst();
    expect(row?.status).toBe('queued');
  });

  it('deletes exactly the expired and finished rows older than their period', async () => {
    const captcha = (key: string, expiresAt: number, usedAt: number | null = null) => ({
      key,
      answer_hash: 'a'.repeat(64),
      expires_at: expiresAt,
      used_at: usedAt,
    });
    await t.db
      .insertInto('captchas')
      .values([
        captcha('c-old', now - 25 * HOUR),
        captcha('c-old-used', now - 25 * HOUR, now - 26 * HOUR),
        captcha('c-recent', now - 23 * HOUR),
        captcha('c-live', now + 5 * 60_000),
      ])
      .execute();

    const code = (target: string, createdAt: number, expiresAt: number) => ({
      target,
      channel: 'email' as const,
      purpose: 'register' as const,
      code_hash: 'b'.repeat(64),
      created_at: createdAt,
      expires_at: expiresAt,
      used_at: null,
    });
    await t.db
      .insertInto('verification_codes')
      .values([
        code('v-old@x.test', now - 26 * HOUR, now - 25 * HOUR),
        code('v-recent@x.test', now - 2 * HOUR, now - HOUR),
        code('v-live@x.test', now, now + 10 * 60_000),
      ])
      .execute();

    // A failure count is over 15 minutes after its last try; kept 24 h after that.
    await t.db
      .insertInto('login_failures')
      .values([
        { account: 'f-old@x.test', failures: 9, updated_at: now - 25 * HOUR },
        { account: 'f-recent@x.test', failures: 9, updated_at: now - 23 * HOUR },
        { account: 'f-live@x.test', failures: 2, updated_at: now - 60_000 },
      ])
      .execute();

    const token = (hash: string, expiresAt: number, revokedAt: number | null) => ({
      user_id: buyerId,
      token_hash: hash,
      created_at: now - 400 * DAY,
      expires_at: expiresAt,
      revoked_at: revokedAt,
    });
    await t.db
      .insertInto('user_tokens')
      .values([
        token('t-expired-old', now - 8 * DAY, null),
        token('t-revoked-old', now + 20 * DAY, now - 8 * DAY),
        token('t-expired-recent', now - 6 * DAY, null),
        token('t-revoked-recent', now + 20 * DAY, now - 6 * DAY),
        token('t-live', now + 20 * DAY, null),
      ])
      .execute();

    const message = (recipient: string, createdAt: number, sentAt: number | null) => ({
      channel: 'email' as const,
      recipient,
      subject: 's',
      body: 'b',
      created_at: createdAt,
      sent_at: sentAt,
    });
    await t.db
      .insertInto('outbox')
      .values([
        message('o-sent-old@x.test', now - 9 * DAY, now - 8 * DAY),
        message('o-sent-recent@x.test', now - 9 * DAY, now - 6 * DAY),
        // Never sent (no transport, or given up after its tries): an operator may still look.
        message('o-unsent-old@x.test', now - 90 * DAY, null),
      ])
      .execute();

    const job = (key: string, status: 'queued' | 'done' | 'dead', updatedAt: number) => ({
      name: 'old-work',
      job_key: key,
      status,
      run_at: updatedAt,
      created_at: now - 90 * DAY,
      updated_at: updatedAt,
    });
    await t.db
      .insertInto('jobs')
      .values([
        job('j-done-old', 'done', now - 8 * DAY),
        job('j-done-recent', 'done', now - 6 * DAY),
        job('j-dead-old', 'dead', now - 8 * DAY),
        job('j-queued-old', 'queued', now - 90 * DAY),
      ])
      .execute();

    await t.app.jobs.kick('retention');

    expect(await left('captchas', 'key')).toEqual(['c-live', 'c-recent']);
    expect(await left('verification_codes', 'target')).toEqual(['v-live@x.test', 'v-recent@x.test']);
    expect(await left('login_failures', 'account')).toEqual(['f-live@x.test', 'f-recent@x.test']);
    expect((await left('user_tokens', 'token_hash')).filter((h) => h.startsWith('t-'))).toEqual([
      't-expired-recent',
      't-live',
      't-revoked-recent',
    ]);
    expect(await left('outbox', 'recipient')).toEqual(['o-sent-recent@x.test', 'o-unsent-old@x.test']);
    expect((await left('jobs', 'job_key')).filter((k) => k.startsWith('j-'))).toEqual([
      'j-dead-old',
      'j-done-recent',
      'j-queued-old',
    ]);
    // The sweep itself is due again later, once per interval for every process.
    const sweep = await t.db
      .selectFrom('jobs')
      .select(['status', 'run_at'])
      .where('job_key', '=', 'every:retention')
      .executeTakeFirstOrThrow();
    expect(sweep.status).toBe('queued');
    expect(Number(sweep.run_at)).toBeGreaterThan(now + 30 * 60_000);
  });

  it('never deletes the wallet ledger, orders, payments, the payment inbox or card-key reveals', async () => {
    const ancient = 1;
    const order = await t.db
      .insertInto('orders')
      .values({
        oid: 'R0000000000000001',
        user_id: buyerId,
        status: 'completed',
        currency: 'CNY',
        total_amount: 100,
        total_cny: 100,
        exchange_rate_ppm: 138_000,
        item_count: 1,
        pay_method: 'balance',
        cancel_reason: null,
        idempotency_key: null,
        request_hash: null,
        created_at: ancient,
        updated_at: ancient,
        expires_at: ancient,
        paid_at: ancient,
        cancelled_at: null,
        completed_at: ancient,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('payments')
      .values({
        no: 'P0000000000000001',
        user_id: buyerId,
        kind: 'order',
        order_id: order.id,
        method: 'alipay',
        amount_cny: 100,
        status: 'paid',
        provider_trade_no: 'T1',
        outcome: 'order_paid',
        created_at: ancient,
        paid_at: ancient,
      })
      .execute();
    await t.db
      .insertInto('payment_inbox')
      .values({
        provider: 'alipay',
        trade_no: 'T1',
        payment_no: 'P0000000000000001',
        body: '{}',
        received_at: ancient,
        outcome: 'order_paid',
      })
      .execute();
    const key = await t.db.selectFrom('card_keys').select('id').limit(1).executeTakeFirstOrThrow();
    await t.db
      .insertInto('card_key_reveals')
      .values({ card_key_id: key.id, user_id: buyerId, ip: '10.0.0.1', created_at: ancient })
      .execute();
    await t.db.updateTable('wallet_ledger').set({ created_at: ancient }).execute();

    const tables = ['wallet_ledger', 'orders', 'payments', 'payment_inbox', 'card_key_reveals'] as const;
    const count = async () =>
      Promise.all(tables.map(async (table) => (await t.db.selectFrom(table).select('id').execute()).length));
    const before = await count();
    expect(before.every((n) => n >= 1)).toBe(true);
    await t.db.updateTable('jobs').set({ run_at: 0 }).where('job_key', '=', 'every:retention').execute();
    await t.app.jobs.kick('retention');
    expect(await count()).toEqual(before);
  });
});

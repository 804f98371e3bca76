import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../src/boot.ts';
import { loadConfig } from '../src/config.ts';
import type { DB } from '../src/db/database.ts';
import { type DatabaseHandle, type Engine, openDatabase } from '../src/db/dialect.ts';
import { cardCipherFor } from '../src/modules/fulfilment/card-cipher.ts';
import { type CardOption, optionKey } from '../src/modules/fulfilment/card-keys.repository.ts';
import { type MessageKey, translate } from '../src/plugins/messages.ts';
import { createTestDatabase, type TestDatabase, testEngines } from './helpers.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';
import { addFundedBuyers } from './buyers.ts';
import { restockExactly } from './shop-fixture.ts';

// Issue requirement: a run that is killed with SIGKILL in the middle of concurrent checkouts and
// restarted leaves no paid order without its keys, no key with two owners, and every ledger equal
// to its balance. The real server runs in a child process; buyers check out over keep-alive HTTP;
// the process is killed after the KILL_AFTER_PAID-th acknowledged payment while requests are in
// flight, restarted on the same data, the interrupted checkouts are retried as a client would
// (same Idempotency-Key), and the whole database is checked, right after the restart and at the end.

const BUYERS = 30;
const ORDERS_PER_BUYER = 6;
const CONCURRENCY = 20;
/** Keys of the limited card option: fewer than the buyers want (180 asked), so it sells out. */
const LIMITED_KEYS = 60;
/** ¥150 each: not enough for all six orders (¥452), so some payments are refused too. */
const OPENING_BALANCE = 15_000;
const KILL_AFTER_PAID = 40;
const PAID_STATUSES = new Set(['paid', 'delivering', 'completed']);

type Item = { goods_id: number; goods_sku_id: number; num: number };
type Buyer = { id: number; token: string };
type Outcome = 'paid' | 'already_paid' | 'sold_out' | 'stock_short' | 'balance_insufficient';
type Job = {
  buyer: Buyer;
  key: string;
  items: Item[];
  oid?: string;
  /** The create answered 200 (the order exists, whatever happens next). */
  createAcked: boolean;
  /** The payment answered 200 before the kill (it must survive the crash). */
  paidAckedBeforeKill: boolean;
  /** A request of this job lost its connection when the server was killed. */
  interrupted: boolean;
  outcome?: Outcome;
  phase?: 1 | 2;
};

class ConnectionLost extends Error {}

type Envelope = { code: number; msg: string; data: unknown };

type Run = {
  phase: 1 | 2;
  post(
    url: string,
    body: object,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: Envelope }>;
  inFlight: number;
  stopped: boolean;
  killed: boolean;
  onPaid?: () => void;
  connectionErrors: string[];
  unexpected: string[];
};

/** POSTs JSON over one keep-alive agent; a dropped or refused connection is ConnectionLost. */
function client(baseUrl: string, agent: http.Agent, run: { inFlight: number }): Run['post'] {
  return (url, body, headers) =>
    new Promise((resolve, reject) => {
      const payload = JSON.stringify(body);
      run.inFlight += 1;
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        run.inFlight -= 1;
        fn();
      };
      const req = http.request(
        `${baseUrl}${url}`,
        {
          method: 'POST',
          agent,
          timeout: 20_000,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            locale: 'en',
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (err: NodeJS.ErrnoException) =>
            settle(() => reject(new ConnectionLost(err.code ?? err.message))),
          );
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            settle(() => {
              try {
                resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Envelope });
              } catch {
                reject(new Error(`${url}: HTTP ${res.statusCode}, not JSON: ${text.slice(0, 200)}`));
              }
            });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${url}: no answer in 20 s`)));
      req.on('error', (err: NodeJS.ErrnoException) =>
        settle(() =>
          reject(err.code && err.code !== 'ERR_HTTP_REQUEST_TIMEOUT' ? new ConnectionLost(err.code) : err),
        ),
      );
      req.end(payload);
    });
}

/** Whether `msg` is the English text of message `key`, whatever its parameters. */
function isMessage(msg: string, key: MessageKey): boolean {
  const template = translate('en', key);
  const pattern = template
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+');
  return new RegExp(`^${pattern}$`).test(msg);
}

/** One checkout: create (with the job's Idempotency-Key) unless it has its order, then pay by balance. */
async function checkout(job: Job, run: Run): Promise<void> {
  const auth = { authorization: `Bearer ${job.buyer.token}` };
  const fail = (step: string, res: { status: number; body: Envelope }) => {
    throw new Error(`${step} ${job.key}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  };
  if (!job.oid) {
    const res = await run.post(
      '/api/front/order/create',
      { items: job.items },
      { ...auth, 'idempotency-key': job.key },
    );
    if (res.body.code === 200) {
      job.oid = (res.body.data as { oid: string }).oid;
      job.createAcked = true;
    } else if (res.body.code === 409 && isMessage(res.body.msg, 'sold_out')) {
      job.outcome = 'sold_out';
      job.phase = run.phase;
      return;
    } else if (res.body.code === 400 && isMessage(res.body.msg, 'stock_insufficient')) {
      job.outcome = 'stock_short';
      job.phase = run.phase;
      return;
    } else fail('create', res);
  }
  const res = await run.post('/api/front/order/pay', { oid: job.oid, method: 'balance' }, auth);
  if (res.body.code === 200) {
    const status = (res.body.data as { status: string }).status;
    if (status !== 'completed') fail('pay (card keys only, so completed)', res);
    job.outcome = 'paid';
    // Any answer of the first server was sent before it died, so that payment was committed.
    job.paidAckedBeforeKill = run.phase === 1;
    run.onPaid?.();
  } else if (res.body.code === 400 && isMessage(res.body.msg, 'balance_insufficient'))
    job.outcome = 'balance_insufficient';
  else if (res.body.code === 400 && isMessage(res.body.msg, 'order_already_paid'))
    job.outcome = 'already_paid';
  else fail('pay', res);
  job.phase = run.phase;
}

/** Runs the jobs CONCURRENCY at a time until done, or until the run stops (kill or a surprise). */
async function runJobs(jobs: Job[], run: Run): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (!run.stopped && next < jobs.length) {
      const job = jobs[next++]!;
      try {
        await checkout(job, run);
      } catch (err) {
        if (err instanceof ConnectionLost && run.killed) {
          job.interrupted = true;
          run.connectionErrors.push(`${job.key}: ${err.message}`);
        } else run.unexpected.push(`${job.key}: ${err instanceof Error ? err.message : String(err)}`);
        run.stopped = true;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/**
 * Every rule of the requirement over the whole database, as a list of violations (empty: all
 * hold). Paid orders have all their keys sold, unpaid ones all reserved, others none; a key has at
 * most one owner and its owner's order is in the matching state; card stock is the count of
 * available keys; each ledger chains from 0 to its user's balance; each balance-paid order has
 * exactly one payment entry of its total, and no payment entry belongs to an unpaid order.
 */
async function violations(db: Kysely<DB>): Promise<string[]> {
  const out: string[] = [];
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'oid', 'user_id', 'status', 'total_cny', 'pay_method', 'paid_at'])
    .execute();
  const items = await db
    .selectFrom('order_items')
    .select(['id', 'order_id', 'num', 'recharge_type'])
    .execute();
  const keys = await db
    .selectFrom('card_keys')
    .select(['id', 'option_key', 'secret_hash', 'status', 'order_item_id'])
    .execute();
  const users = await db.selectFrom('users').select(['id', 'balance']).execute();
  const ledger = await db
    .selectFrom('wallet_ledger')
    .select(['id', 'user_id', 'type', 'amount', 'balance_before', 'balance_after', 'ref'])
    .orderBy('id')
    .execute();

  const orderById = new Map(orders.map((o) => [Number(o.id), o]));
  const orderByOid = new Map(orders.map((o) => [o.oid, o]));
  const itemById = new Map(items.map((i) => [Number(i.id), i]));

  const held = new Map<number, { reserved: number; sold: number }>();
  const bySecret = new Map<string, number[]>();
  const available = new Map<string, number>();
  for (const k of keys) {
    const id = Number(k.id);
    const secret = `${k.option_key}|${k.secret_hash}`;
    bySecret.set(secret, [...(bySecret.get(secret) ?? []), id]);
    if (k.status === 'available') {
      available.set(k.option_key, (available.get(k.option_key) ?? 0) + 1);
      if (k.order_item_id !== null) out.push(`key ${id}: available but held by item ${k.order_item_id}`);
      continue;
    }
    if (k.order_item_id === null) {
      out.push(`key ${id}: ${k.status} without an order item`);
      continue;
    }
    const itemId = Number(k.order_item_id);
    const item = itemById.get(itemId);
    const order = item && orderById.get(Number(item.order_id));
    if (!item || !order) {
      out.push(`key ${id}: ${k.status} for item ${itemId}, which has no order`);
      continue;
    }
    if (item.recharge_type !== 1) out.push(`key ${id}: held by item ${itemId}, which is not a card item`);
    if (k.status === 'reserved' && order.status !== 'pending_payment')
      out.push(`key ${id}: reserved for order ${order.oid}, which is ${order.status}`);
    if (k.status === 'sold' && !PAID_STATUSES.has(order.status))
      out.push(`key ${id}: sold to order ${order.oid}, which is ${order.status}`);
    const count = held.get(itemId) ?? { reserved: 0, sold: 0 };
    if (k.status === 'sold') count.sold += 1;
    else count.reserved += 1;
    held.set(itemId, count);
  }
  for (const [secret, ids] of bySecret)
    if (ids.length > 1)
      out.push(`one secret (${secret.slice(0, 20)}…) on ${ids.length} keys: ${ids.join(', ')}`);

  for (const item of items) {
    const order = orderById.get(Number(item.order_id));
    if (!order) {
      out.push(`item ${item.id}: no order ${item.order_id}`);
      continue;
    }
    if (item.recharge_type !== 1) continue;
    const { reserved, sold } = held.get(Number(item.id)) ?? { reserved: 0, sold: 0 };
    const expected =
      order.status === 'pending_payment'
        ? { reserved: item.num, sold: 0 }
        : PAID_STATUSES.has(order.status)
          ? { reserved: 0, sold: item.num }
          : { reserved: 0, sold: 0 };
    if (reserved !== expected.reserved || sold !== expected.sold)
      out.push(
        `order ${order.oid} (${order.status}) item ${item.id} × ${item.num}: ${sold} sold and ${reserved} reserved keys, expected ${expected.sold} sold and ${expected.reserved} reserved`,
      );
  }

  // Card stock is the count of available keys (migration 0011).
  const options = await db
    .selectFrom('goods_skus as s')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .select(['s.id', 's.stock'])
    .where('g.recharge_type', '=', 1)
    .execute();
  for (const s of options) {
    const key = optionKey({ goodsId: 0, skuId: Number(s.id), faceValue: null });
    const count = available.get(key) ?? 0;
    if (s.stock !== null && Number(s.stock) !== count)
      out.push(`card sku ${s.id}: stock ${s.stock} but ${count} available keys`);
  }
  const faces = await db
    .selectFrom('goods_face_values as f')
    .innerJoin('goods as g', 'g.id', 'f.goods_id')
    .select(['f.goods_id', 'f.face_value', 'f.stock'])
    .where('g.recharge_type', '=', 1)
    .execute();
  for (const f of faces) {
    const key = optionKey({ goodsId: Number(f.goods_id), skuId: null, faceValue: f.face_value });
    const count = available.get(key) ?? 0;
    if (f.stock !== null && Number(f.stock) !== count)
      out.push(`card face value ${key}: stock ${f.stock} but ${count} available keys`);
  }

  const entriesOf = new Map<number, typeof ledger>();
  for (const e of ledger) entriesOf.set(Number(e.user_id), [...(entriesOf.get(Number(e.user_id)) ?? []), e]);
  for (const u of users) {
    const balance = Number(u.balance);
    if (balance < 0) out.push(`user ${u.id}: balance ${balance} < 0`);
    let running = 0;
    for (const e of entriesOf.get(Number(u.id)) ?? []) {
      const [amount, before, after] = [Number(e.amount), Number(e.balance_before), Number(e.balance_after)];
      if (after !== before + amount) out.push(`ledger ${e.id}: ${before} + ${amount} ≠ ${after}`);
      if (before !== running)
        out.push(`ledger ${e.id} (user ${u.id}): starts at ${before}, previous ended at ${running}`);
      if (after < 0) out.push(`ledger ${e.id}: balance after ${after} < 0`);
      running += amount;
    }
    if (running !== balance) out.push(`user ${u.id}: ledger sums to ${running}, balance is ${balance}`);
  }

  const payments = new Map<string, typeof ledger>();
  const refunded = new Set<string>();
  for (const e of ledger) {
    if (e.type === 'order_payment') payments.set(e.ref, [...(payments.get(e.ref) ?? []), e]);
    if (e.type === 'refund') refunded.add(e.ref);
  }
  for (const o of orders) {
    const entries = payments.get(o.oid) ?? [];
    if (PAID_STATUSES.has(o.status)) {
      if (o.paid_at === null) out.push(`order ${o.oid}: ${o.status} without paid_at`);
      if (o.pay_method !== 'balance') continue;
      if (entries.length !== 1)
        out.push(`order ${o.oid}: paid by balance with ${entries.length} payment entries`);
      for (const e of entries)
        if (Number(e.amount) !== -Number(o.total_cny) || Number(e.user_id) !== Number(o.user_id))
          out.push(
            `order ${o.oid}: payment entry ${e.id} of ${e.amount} by user ${e.user_id}, expected ${-Number(o.total_cny)} by user ${o.user_id}`,
          );
    } else if (entries.length > 0 && !refunded.has(o.oid))
      out.push(`order ${o.oid}: ${o.status} but charged by ledger ${entries.map((e) => e.id).join(', ')}`);
  }
  for (const ref of payments.keys())
    if (!orderByOid.has(ref)) out.push(`payment entries for ${ref}, which is no order`);
  return out;
}

/** The run's buyers (tokens stored hashed, as login does) with their opening balance in the ledger. */
async function addBuyers(db: Kysely<DB>, tag: string): Promise<Buyer[]> {
  return db.transaction().execute((trx) => addFundedBuyers(trx, `crash-${tag}`, BUYERS, OPENING_BALANCE));
}

/** Makes exactly `count` keys available for a card SKU (new made-up ones, through the import path). */
async function skuOf(db: Kysely<DB>, goodsName: string, spec: string): Promise<CardOption> {
  const row = await db
    .selectFrom('goods_skus as s')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .select(['g.id as goods_id', 's.id as sku_id', 'g.recharge_type'])
    .where('g.name_en', '=', goodsName)
    .where('s.spec_en', '=', spec)
    .executeTakeFirstOrThrow();
  expect(row.recharge_type, `${goodsName} sells card keys`).toBe(1);
  return { goodsId: Number(row.goods_id), skuId: Number(row.sku_id), faceValue: null };
}

describe.each(testEngines())('crash recovery (%s)', (engine: Engine) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-crash-'));
  let target: TestDatabase | undefined;
  let env: Record<string, string | undefined> = {};
  let check: DatabaseHandle | undefined;
  const servers: ServerProcess[] = [];
  let buyers: Buyer[] = [];
  let limited: CardOption;
  let plenty: CardOption;

  const openCheck = () => openDatabase({ databaseUrl: target?.url, dataDir, poolMax: 2 });

  beforeAll(async () => {
    if (engine === 'postgres') target = await createTestDatabase('postgres');
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: target?.url,
      // The API only: no server-side rendering to load.
      WEB_BUILD_DIR: path.join(dataDir, 'no-web-build'),
    };
    // The server's own start-up path (migrate, demo seed) on its data, then the run's buyers and stock.
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      ...(target?.url ? { DATABASE_URL: target.url } : {}),
    });
    const setup = await prepareDatabase(config);
    try {
      expect(setup.seeded).toBe(true);
      limited = await skuOf(setup.db, 'Evernight Realms Game Time Card', '30-day card');
      plenty = await skuOf(setup.db, 'Neon Strike Season 7 Pass', 'Standard pass');
      await restockExactly(setup.db, cardCipherFor(config), limited, LIMITED_KEYS);
      buyers = await addBuyers(setup.db, randomBytes(3).toString('hex'));
      expect(await violations(setup.db)).toEqual([]);
    } finally {
      // Closed before the server starts: the server alone has the database when it is killed.
      await setup.destroy();
    }
  });

  afterAll(async () => {
    for (const server of servers) await server.kill();
    await check?.destroy();
    await target?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps keys, orders and ledgers consistent through a SIGKILL during concurrent checkouts', async () => {
    const started = Date.now();
    const A = { goods_id: limited.goodsId, goods_sku_id: limited.skuId! };
    const B = { goods_id: plenty.goodsId, goods_sku_id: plenty.skuId! };
    // Round by round, so every buyer has orders throughout the run: ¥60, ¥98 or ¥68 each.
    const jobs: Job[] = [];
    const runTag = randomBytes(3).toString('hex');
    for (let n = 0; n < ORDERS_PER_BUYER; n++)
      for (const [b, buyer] of buyers.entries()) {
        const kind = (b + n) % 3;
        const items =
          kind === 0
            ? [{ ...A, num: 2 }]
            : kind === 1
              ? [
                  { ...A, num: 1 },
                  { ...B, num: 1 },
                ]
              : [{ ...B, num: 1 }];
        jobs.push({
          buyer,
          key: `crash-${runTag}-${b}-${n}`,
          items,
          createAcked: false,
          paidAckedBeforeKill: false,
          interrupted: false,
        });
      }

    // Phase 1: concurrent checkouts; SIGKILL right after the KILL_AFTER_PAID-th acknowledged payment.
    const first = await startServerProcess(env);
    servers.push(first);
    const agent1 = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    let paid = 0;
    let inFlightAtKill = -1;
    let killed: Promise<void> | undefined;
    const run1: Run = {
      phase: 1,
      post: () => Promise.reject(new Error('not set')),
      inFlight: 0,
      stopped: false,
      killed: false,
      connectionErrors: [],
      unexpected: [],
    };
    run1.post = client(first.baseUrl, agent1, run1);
    run1.onPaid = () => {
      paid += 1;
      if (paid === KILL_AFTER_PAID && !run1.killed) {
        run1.killed = true;
        inFlightAtKill = run1.inFlight;
        killed = first.kill();
      }
    };
    const phase1Started = Date.now();
    await runJobs(jobs, run1);
    await killed;
    agent1.destroy();
    const phase1Ms = Date.now() - phase1Started;
    const firstOutput = first.output();

    const stats1 = {
      paid: jobs.filter((j) => j.paidAckedBeforeKill).length,
      refused: jobs.filter((j) => j.outcome && j.outcome !== 'paid').length,
      interrupted: jobs.filter((j) => j.interrupted).length,
      notStarted: jobs.filter((j) => !j.outcome && !j.interrupted).length,
    };
    expect(run1.unexpected, firstOutput).toEqual([]);
    expect(run1.killed, `never reached ${KILL_AFTER_PAID} payments: ${JSON.stringify(stats1)}`).toBe(true);
    expect(first.running()).toBe(false);
    expect(first.signal(), 'the first server died of the SIGKILL').toBe('SIGKILL');
    // The kill really happened mid-run: requests were in flight and lost their connection.
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(run1.connectionErrors.length).toBeGreaterThan(0);
    expect(stats1.interrupted).toBe(run1.connectionErrors.length);
    expect(stats1.paid).toBeGreaterThanOrEqual(KILL_AFTER_PAID);

    // Phase 2: restart on the same data; check before anything else happens.
    const second = await startServerProcess(env);
    servers.push(second);
    check = openCheck();
    expect(await violations(check.db), 'right after the restart').toEqual([]);
    const statusOf = async (oids: string[]) =>
      new Map(
        (
          await check!.db
            .selectFrom('orders')
            .select(['oid', 'status'])
            .where('oid', 'in', oids.length ? oids : [''])
            .execute()
        ).map((o) => [o.oid, o.status]),
      );
    // What the server acknowledged before it died survived it.
    const acked = jobs.filter((j) => j.createAcked).map((j) => j.oid!);
    const ackedStatus = await statusOf(acked);
    for (const j of jobs.filter((j) => j.createAcked))
      expect(ackedStatus.get(j.oid!), `order ${j.oid} (created before the kill)`).toBeDefined();
    for (const j of jobs.filter((j) => j.paidAckedBeforeKill))
      expect(ackedStatus.get(j.oid!), `order ${j.oid} (paid before the kill)`).toBe('completed');

    // The client retries what was cut off and does the rest: same Idempotency-Key, same body.
    const agent2 = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const run2: Run = {
      phase: 2,
      post: () => Promise.reject(new Error('not set')),
      inFlight: 0,
      stopped: false,
      killed: false,
      connectionErrors: [],
      unexpected: [],
    };
    run2.post = client(second.baseUrl, agent2, run2);
    const phase2Started = Date.now();
    await runJobs(
      jobs.filter((j) => !j.outcome),
      run2,
    );
    agent2.destroy();
    const phase2Ms = Date.now() - phase2Started;
    expect(run2.unexpected, second.output()).toEqual([]);
    expect(jobs.filter((j) => !j.outcome).map((j) => j.key)).toEqual([]);
    expect(await second.stop(), second.output()).toBe(0);

    // The end state: every rule over the whole database, and the client's view agrees with it.
    expect(await violations(check.db), 'after the retries').toEqual([]);
    const ours = await check.db
      .selectFrom('orders')
      .select(['oid', 'status', 'idempotency_key', 'user_id', 'total_cny'])
      .where(
        'user_id',
        'in',
        buyers.map((b) => b.id),
      )
      .execute();
    const byKey = new Map(jobs.map((j) => [j.key, j]));
    for (const o of ours) {
      const job = byKey.get(o.idempotency_key ?? '');
      expect(job?.oid, `order ${o.oid} (${o.idempotency_key}) is one the client was told about`).toBe(o.oid);
      const paidByClient = job?.outcome === 'paid' || job?.outcome === 'already_paid';
      expect(o.status, `order ${o.oid}: client outcome ${job?.outcome}`).toBe(
        paidByClient ? 'completed' : 'pending_payment',
      );
    }
    expect(ours.length).toBe(jobs.filter((j) => j.oid).length);
    const balances = await check.db
      .selectFrom('users')
      .select(['id', 'balance'])
      .where(
        'id',
        'in',
        buyers.map((b) => b.id),
      )
      .execute();
    for (const u of balances) {
      const spent = ours
        .filter((o) => Number(o.user_id) === Number(u.id) && o.status === 'completed')
        .reduce((sum, o) => sum + Number(o.total_cny), 0);
      expect(Number(u.balance), `buyer ${u.id}`).toBe(OPENING_BALANCE - spent);
    }
    const limitedKeys = await check.db
      .selectFrom('card_keys')
      .select(['status'])
      .where('option_key', '=', optionKey(limited))
      .execute();
    expect(limitedKeys.length).toBe(LIMITED_KEYS);

    // The run exercised what it claims: sold out, refused payments, retries after the restart.
    const count = (o: Outcome, phase?: 1 | 2) =>
      jobs.filter((j) => j.outcome === o && (phase === undefined || j.phase === phase)).length;
    const summary = {
      engine,
      paidBeforeKill: stats1.paid,
      inFlightAtKill,
      connectionErrors: run1.connectionErrors.length,
      notStartedAtKill: stats1.notStarted,
      paidAfterRestart: count('paid', 2),
      alreadyPaidOnRetry: count('already_paid'),
      soldOut: count('sold_out') + count('stock_short'),
      balanceInsufficient: count('balance_insufficient'),
      limitedSold: limitedKeys.filter((k) => k.status === 'sold').length,
      limitedReserved: limitedKeys.filter((k) => k.status === 'reserved').length,
      phase1Ms,
      phase2Ms,
      totalMs: Date.now() - started,
    };
    if (process.env.CRASH_TEST_VERBOSE) console.info(JSON.stringify(summary));
    expect(summary.paidAfterRestart + summary.alreadyPaidOnRetry, JSON.stringify(summary)).toBeGreaterThan(0);
    expect(summary.soldOut, JSON.stringify(summary)).toBeGreaterThan(0);
    expect(summary.balanceInsufficient, JSON.stringify(summary)).toBeGreaterThan(0);
  }, 120_000);
});

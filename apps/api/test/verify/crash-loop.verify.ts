import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/boot.ts';
import { loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/database.ts';
import { type DatabaseHandle, type Engine, openDatabase } from '../../src/db/dialect.ts';
import { cardCipherFor } from '../../src/modules/fulfilment/card-cipher.ts';
import type { CardOption } from '../../src/modules/fulfilment/card-keys.repository.ts';
import { type SandboxKeys, sandboxKeys } from '../../src/modules/payment/gateways.ts';
import { createTestDatabase, type TestDatabase } from '../helpers.ts';
import { type ServerProcess, startServerProcess } from '../server-process.ts';
import { checkInvariants, type Violation } from './invariants.ts';
import { acknowledged, type Method, signedNotice, TRADE_STATES } from '../notices.ts';
import { verifyEngines, verifySeed, writeReport } from './report.ts';
import { addFundedBuyers } from '../buyers.ts';
import { restockExactly } from '../shop-fixture.ts';

// Issue 11, part 2: the shop in a child process (server-process.ts) under concurrent checkouts —
// balance payments, Alipay and WeChat Pay payments whose signed notifications this test delivers
// as the provider would (repeated, and again after a crash until acknowledged), wallet top-ups,
// cancels, top-ups through the demo supplier — is killed with SIGKILL KILLS times at a random
// point (after a random delay, or after a random number of acknowledged operations), restarted on
// the same data each time, and checked right after each restart: the invariants of invariants.ts
// over the whole database, and everything the server acknowledged before it died (orders created,
// payments made, cancels, paid notifications) is there. Figures (kills, checkouts, notifications,
// violations): var/verify/crash-loop-<engine>.json, or VERIFY_RESULT under `npm run verify`.
//   CRASH_LOOP_KILLS (20), CRASH_LOOP_SEED or VERIFY_SEED (random; picks kill points and workload).
// npx vitest run --config apps/api/test/verify/vitest.config.ts apps/api/test/verify/crash-loop.verify.ts

const env = process.env;
const KILLS = Number(env.CRASH_LOOP_KILLS ?? 20);
const BUYERS = 12;
const CONCURRENCY = 8;
const LIMITED_KEYS = 150;
const OPENING_BALANCE = 40_000;
const PAID_STATUSES = new Set(['paid', 'delivering', 'completed', 'failed', 'refunded']);

/** A small seeded generator (mulberry32), so a run's kill points and workload can be replayed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}
const SEED = env.CRASH_LOOP_SEED ? Number(env.CRASH_LOOP_SEED) : verifySeed(randomInt(2 ** 31 - 1));
const rnd = generator(SEED);
const choose = <T>(list: T[]) => list[rnd.int(0, list.length - 1)]!;

class ConnectionLost extends Error {}
type Answer = { status: number; text: string };
/** Requests sent and not answered yet, to show that each kill cut requests off. */
let inFlight = 0;

/** One request over a keep-alive agent; a dropped or refused connection is ConnectionLost. */
function send(
  agent: http.Agent,
  baseUrl: string,
  url: string,
  body: string | undefined,
  headers: Record<string, string>,
): Promise<Answer> {
  inFlight += 1;
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      `${baseUrl}${url}`,
      {
        method: body === undefined ? 'GET' : 'POST',
        agent,
        timeout: 30_000,
        headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (err: NodeJS.ErrnoException) => reject(new ConnectionLost(err.code ?? err.message)));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${url}: no answer in 30 s`)));
    req.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code && err.code !== 'ERR_HTTP_REQUEST_TIMEOUT' ? new ConnectionLost(err.code) : err),
    );
    req.end(body);
  }).finally(() => (inFlight -= 1));
}

type Buyer = { id: number; token: string };
type Owed = { method: Method; no: string; tradeNo: string; amountCny: number };

/** What the servers acknowledged, over the whole loop: all of it must survive every crash. */
type Acks = {
  created: Set<string>;
  paidByBalance: Set<string>;
  cancelled: Set<string>;
  paidNotices: Set<string>;
};

type Epoch = {
  server: ServerProcess;
  agent: http.Agent;
  acked: number;
  stopped: boolean;
  killed: boolean;
  onAck: () => void;
  unexpected: string[];
};

describe.each(verifyEngines())('crash loop (%s)', (engine: Engine) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-crash-loop-'));
  let target: TestDatabase | undefined;
  let serverEnv: Record<string, string | undefined> = {};
  let check: DatabaseHandle | undefined;
  const servers: ServerProcess[] = [];
  let keys: SandboxKeys;
  let buyers: Buyer[] = [];
  let limited: CardOption;
  let plenty: CardOption;
  let topup: { goods_id: number; face_value: number; server_id: number };

  beforeAll(async () => {
    if (engine === 'postgres') target = await createTestDatabase('postgres');
    serverEnv = {
      DATA_DIR: dataDir,
      DATABASE_URL: target?.url,
      WEB_BUILD_DIR: path.join(dataDir, 'no-web-build'),
      // Unpaid orders time out within the loop, so late notifications meet cancelled orders.
      ORDER_TIMEOUT_MINUTES: '1',
    };
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      ...(target?.url ? { DATABASE_URL: target.url } : {}),
    });
    // Made before any server starts, so every process reads the same provider keys.
    keys = sandboxKeys(config);
    const setup = await prepareDatabase(config);
    try {
      const sku = async (goods: string, spec: string): Promise<CardOption> => {
        const row = await setup.db
          .selectFrom('goods_skus as s')
          .innerJoin('goods as g', 'g.id', 's.goods_id')
          .select(['g.id as goods_id', 's.id as sku_id'])
          .where('g.name_en', '=', goods)
          .where('s.spec_en', '=', spec)
          .executeTakeFirstOrThrow();
        return { goodsId: Number(row.goods_id), skuId: Number(row.sku_id), faceValue: null };
      };
      limited = await sku('Evernight Realms Game Time Card', '30-day card');
      plenty = await sku('Neon Strike Season 7 Pass', 'Standard pass');
      const face = await setup.db
        .selectFrom('goods_face_values as f')
        .innerJoin('goods as g', 'g.id', 'f.goods_id')
        .innerJoin('game_servers as s', 's.goods_id', 'g.id')
        .select(['f.goods_id', 'f.face_value', 's.id as server_id'])
        .where('g.recharge_type', '=', 2)
        .orderBy('f.price_cny')
        .executeTakeFirstOrThrow();
      topup = {
        goods_id: Number(face.goods_id),
        face_value: face.face_value,
        server_id: Number(face.server_id),
      };
      await restockExactly(setup.db, cardCipherFor(config), limited, LIMITED_KEYS);
      buyers = await addBuyers(setup.db);
      expect(await checkInvariants(setup.db)).toEqual([]);
    } finally {
      await setup.destroy();
    }
  });

  afterAll(async () => {
    for (const server of servers) await server.kill();
    await check?.destroy();
    await target?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function addBuyers(db: Database): Promise<Buyer[]> {
    const tag = randomBytes(3).toString('hex');
    return db.transaction().execute((trx) => addFundedBuyers(trx, `loop-${tag}`, BUYERS, OPENING_BALANCE));
  }

  // Within the runner's 20 minutes per part and engine.
  it(
    `keeps every invariant through ${KILLS} SIGKILLs during checkouts and notifications`,
    { timeout: 18 * 60_000 },
    async () => {
      const started = Date.now();
      const acks: Acks = {
        created: new Set(),
        paidByBalance: new Set(),
        cancelled: new Set(),
        paidNotices: new Set(),
      };
      /** Paid notices the provider has sent but the shop has not acknowledged: sent again until it does. */
      const owed = new Map<string, Owed>();
      const pendingOrders: { buyer: Buyer; oid: string }[] = [];
      const figures = { kills: 0, checkouts: 0, notifications: 0, violations: 0 };
      const found: { after: string; problems: string[] }[] = [];

      const api = async (e: Epoch, buyer: Buyer, url: string, body?: object) => {
        const res = await send(e.agent, e.server.baseUrl, url, body && JSON.stringify(body), {
          authorization: `Bearer ${buyer.token}`,
          'content-type': 'application/json',
          locale: 'en',
        });
        let parsed: { code: number; msg: string; data: Record<string, unknown> };
        try {
          parsed = JSON.parse(res.text);
        } catch {
          throw new Error(`${url}: HTTP ${res.status}, not JSON: ${res.text.slice(0, 200)}`);
        }
        if (res.status >= 500) throw new Error(`${url}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
        return parsed;
      };

      const deliver = async (e: Epoch, n: Owed, copies: number) => {
        const answers = await Promise.all(
          Array.from({ length: copies }, async () => {
            const signed = signedNotice(keys, { ...n, state: TRADE_STATES[n.method].paid[0]! });
            const res = await send(e.agent, e.server.baseUrl, signed.url, signed.body, signed.headers);
            return acknowledged(n.method, res.status, res.text);
          }),
        );
        if (!answers.some(Boolean)) throw new Error(`notification ${n.no} refused: ${answers.join(', ')}`);
        // Acknowledged: the shop took the money; the provider stops sending.
        acks.paidNotices.add(n.no);
        owed.delete(n.no);
        figures.notifications += 1;
        e.onAck();
      };

      const items = () => {
        const pick = rnd.int(0, 5);
        if (pick <= 1)
          return [{ goods_id: limited.goodsId, goods_sku_id: limited.skuId!, num: rnd.int(1, 2) }];
        if (pick === 2) return [{ goods_id: plenty.goodsId, goods_sku_id: plenty.skuId!, num: 1 }];
        const player = `2026${rnd.int(1000, 9999)}${choose(['001', '500', '202', '504'])}`;
        const top = { ...topup, num: 1, player_id: player };
        return pick === 3 ? [top] : [top, { goods_id: plenty.goodsId, goods_sku_id: plenty.skuId!, num: 1 }];
      };

      /** One operation of a buyer: a checkout (balance or online), a top-up, a cancel or a late notification. */
      const operation = async (e: Epoch) => {
        const buyer = choose(buyers);
        const kind = rnd.next();
        if (kind < 0.08 && owed.size > 0) return deliver(e, choose([...owed.values()]), 1);
        if (kind < 0.14 && pendingOrders.length > 0) {
          const { buyer: owner, oid } = pendingOrders.splice(rnd.int(0, pendingOrders.length - 1), 1)[0]!;
          const res = await api(e, owner, '/api/front/order/cancel', { oid });
          if (res.code === 200) acks.cancelled.add(oid);
          return e.onAck();
        }
        if (kind < 0.24) {
          const method = choose<Method>(['alipay', 'wechat']);
          const amount = choose([100, 2_000, 10_000]);
          const res = await api(e, buyer, '/api/front/user/recharge', {
            amount: (amount / 100).toFixed(2),
            method,
          });
          // A buyer whose notices the kills delayed may have MAX_PENDING_RECHARGES waiting: the cap's
          // refusal (decision 029) is a right answer, not a violation.
          if (res.code === 409) return e.onAck();
          if (res.code !== 200) throw new Error(`recharge: ${res.code} ${res.msg}`);
          const no = res.data.no as string;
          const n: Owed = { method, no, tradeNo: `R${no}`, amountCny: amount };
          owed.set(no, n);
          e.onAck();
          return deliver(e, n, rnd.int(1, 2));
        }
        const created = await api(e, buyer, '/api/front/order/create', { items: items() });
        if (created.code !== 200) {
          if (created.code === 400 || created.code === 409) return e.onAck(); // sold out
          throw new Error(`create: ${created.code} ${created.msg}`);
        }
        const oid = created.data.oid as string;
        acks.created.add(oid);
        figures.checkouts += 1;
        e.onAck();
        const how = rnd.next();
        if (how < 0.45) {
          const paid = await api(e, buyer, '/api/front/order/pay', { oid, method: 'balance' });
          if (paid.code === 200) acks.paidByBalance.add(oid);
          else pendingOrders.push({ buyer, oid });
          return e.onAck();
        }
        if (how < 0.55) {
          pendingOrders.push({ buyer, oid });
          return;
        }
        const method = choose<Method>(['alipay', 'alipay', 'wechat']);
        const started = await api(e, buyer, '/api/front/order/pay', { oid, method });
        if (started.code !== 200) throw new Error(`order/pay ${method}: ${started.code} ${started.msg}`);
        const no = started.data.no as string;
        const amount = Number(
          ((await api(e, buyer, `/api/front/order/detail?oid=${oid}`)).data.total_cny as string).replace(
            '.',
            '',
          ),
        );
        const n: Owed = { method, no, tradeNo: `${method === 'alipay' ? 'A' : 'W'}${no}`, amountCny: amount };
        owed.set(no, n);
        e.onAck();
        // Sometimes the buyer walks away first and the provider's notification comes later.
        if (rnd.next() < 0.2) {
          pendingOrders.push({ buyer, oid });
          return;
        }
        return deliver(e, n, rnd.int(1, 3));
      };

      const runEpoch = async (e: Epoch, stopAfterMs?: number) => {
        const worker = async () => {
          while (!e.stopped) {
            try {
              await operation(e);
            } catch (error) {
              // After the kill nothing an answer says can be judged: the request was cut off.
              if (e.killed) return;
              e.unexpected.push(error instanceof Error ? error.message : String(error));
              e.stopped = true;
            }
          }
        };
        const timer =
          stopAfterMs === undefined ? undefined : setTimeout(() => (e.stopped = true), stopAfterMs);
        await Promise.all(Array.from({ length: CONCURRENCY }, worker));
        clearTimeout(timer);
      };

      /** Right after a restart: the invariants, and everything acknowledged before the crash is there. */
      const verify = async (after: string) => {
        check ??= openDatabase({ databaseUrl: target?.url, dataDir, poolMax: 2 });
        const db = check.db;
        // One snapshot: the new server's jobs (top-ups, timeouts) run while this reads.
        const snapshot =
          engine === 'postgres' ? db.transaction().setIsolationLevel('repeatable read') : db.transaction();
        const violations: Violation[] = await snapshot.execute((trx) =>
          checkInvariants(trx, undefined, { paidNotices: acks.paidNotices }),
        );
        const oids = [...acks.created];
        const rows = new Map<string, string>();
        for (let i = 0; i < oids.length; i += 500) {
          const part = await db
            .selectFrom('orders')
            .select(['oid', 'status'])
            .where('oid', 'in', oids.slice(i, i + 500))
            .execute();
          for (const r of part) rows.set(r.oid, r.status);
        }
        for (const oid of oids)
          if (!rows.has(oid))
            violations.push({
              invariant: 'acknowledged-credited',
              detail: `order ${oid} was created, is gone`,
            });
        for (const oid of acks.paidByBalance)
          if (!PAID_STATUSES.has(rows.get(oid) ?? ''))
            violations.push({
              invariant: 'acknowledged-credited',
              detail: `order ${oid} was paid by balance, is ${rows.get(oid)}`,
            });
        for (const oid of acks.cancelled)
          if (rows.get(oid) !== 'cancelled')
            violations.push({
              invariant: 'acknowledged-credited',
              detail: `order ${oid} was cancelled, is ${rows.get(oid)}`,
            });
        figures.violations += violations.length;
        if (violations.length > 0)
          found.push({
            after,
            problems: violations.slice(0, 20).map((v) => `invariant ${v.invariant}: ${v.detail}`),
          });
      };

      console.info(`crash loop (${engine}): seed ${SEED}, ${KILLS} kills`);
      const killPoints: string[] = [];
      for (let k = 0; k <= KILLS; k++) {
        const last = k === KILLS;
        const server = await startServerProcess(serverEnv);
        servers.push(server);
        await verify(k === 0 ? 'the first start' : `restart ${k}`);
        const e: Epoch = {
          server,
          agent: new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 3 }),
          acked: 0,
          stopped: false,
          killed: false,
          onAck: () => {},
          unexpected: [],
        };
        let killed: Promise<void> | undefined;
        const kill = () => {
          if (e.killed) return;
          killPoints[killPoints.length - 1] += `, ${inFlight} requests in flight`;
          e.killed = true;
          e.stopped = true;
          killed = server.kill();
        };
        let timer: NodeJS.Timeout | undefined;
        if (!last) {
          if (rnd.next() < 0.5) {
            const ms = rnd.int(200, 4_000);
            killPoints.push(`${ms} ms`);
            timer = setTimeout(kill, ms);
          } else {
            const count = rnd.int(3, 60);
            killPoints.push(`${count} acks`);
            e.onAck = () => {
              e.acked += 1;
              if (e.acked >= count) kill();
            };
          }
          // A kill point beyond what the epoch reaches: it is killed after 8 s whatever it does.
          await runEpoch(e, 8_000);
          kill();
        } else {
          // The end: the provider delivers what it still owes, then a quiet stop.
          await runEpoch(e, 3_000);
          for (const n of [...owed.values()]) await deliver(e, n, 1);
        }
        clearTimeout(timer);
        await killed;
        e.agent.destroy();
        if (e.unexpected.length > 0) {
          found.push({
            after: `epoch ${k}`,
            problems: e.unexpected.slice(0, 5).map((m) => `unexpected answer: ${m}`),
          });
          figures.violations += e.unexpected.length;
        }
        if (e.killed) {
          expect(server.signal(), 'the server died of the SIGKILL').toBe('SIGKILL');
          figures.kills += 1;
        } else {
          expect(await server.stop(), server.output().slice(-2_000)).toBe(0);
          await verify('the final stop');
        }
      }

      const file = writeReport(
        'crash-loop',
        engine,
        { ...figures, seed: SEED, seconds: Math.round((Date.now() - started) / 1000) },
        found.flatMap((f) => f.problems.map((p) => `after ${f.after}: ${p}`)),
      );
      console.info(`crash loop (${engine}): kill points ${killPoints.join('; ')}`);
      console.info(
        `crash loop (${engine}): ${figures.kills} kills, ${figures.checkouts} checkouts, ${figures.notifications} notifications, ${figures.violations} violations → ${file}`,
      );
      expect(found).toEqual([]);
      expect(figures.kills).toBe(KILLS);
      expect(owed.size).toBe(0);
    },
  );
});

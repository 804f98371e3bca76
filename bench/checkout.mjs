import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

// Checkout throughput (ARCHITECTURE.md §7: >= 300 orders/s on SQLite, 0 oversold): buyers race to
// buy out one card option with limited stock, each order created and paid by balance over HTTP,
// as the web does. Buyers are registered with codes from the dev outbox and funded through the
// sandbox Alipay recharge, so every step is the shop's real path.
//
// Issue 16: the same race on PostgreSQL (a fresh database), and on two shop processes sharing one
// PostgreSQL database (and DATA_DIR, so both open the same card keys), the race's requests sent to
// them in turn (round-robin per request: an order is often created by one process and paid on the
// other). On PostgreSQL the database is asked afterwards too: the option's sold keys, its paid
// order items and its stock against its available keys.

const BUYERS = 10;
const CONNECTIONS_PER_BUYER = 2;

// node:http with keep-alive keeps the load generator's own CPU cost low: it shares the machine's
// two cores with the shop.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function json(base, method, path, { token = '', body, headers = {} } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      base + path,
      {
        method,
        agent,
        headers: {
          'content-type': 'application/json',
          authorization: token,
          ...(payload === undefined ? {} : { 'content-length': Buffer.byteLength(payload) }),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function buyer(base, i) {
  const email = `bench${i}-${Date.now()}@demo.test`;
  await json(base, 'POST', '/api/front/app/sendEmailcode', { body: { email } });
  const outbox = await json(base, 'GET', '/api/dev/outbox');
  const message = outbox.body.data.list.find((m) => m.recipient === email);
  const code = /(\d{6})/.exec(message.body)[1];
  const reg = await json(base, 'POST', '/api/front/app/register', {
    body: { account: email, code, password: 'bench-pass-1' },
  });
  const token = reg.body.data.token;
  // ¥50,000 through the sandbox Alipay recharge: grant page → the sandbox's pay button.
  const recharge = await json(base, 'POST', '/api/front/user/recharge', {
    token,
    body: { amount: '50000', method: 'alipay' },
  });
  const payUrl = new URL(recharge.body.data.pay_url);
  const page = await (await fetch(base + payUrl.pathname + payUrl.search)).text();
  const form = /name="token" value="([^"]+)"/.exec(page)[1];
  await fetch(`${base}/sandbox/alipay/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: form }),
    redirect: 'manual',
  });
  return token;
}

/** The code of the races with a code (issue 31): 10 % off, for 80 % of the stock in all or unlimited. */
const BENCH_CODE = 'BENCH10';
const OWNER = { account: 'owner@demo.test', password: 'owner1234' };

/** The code of the warm-up before a race with a code: 10 % off, unlimited. */
const WARM_CODE = 'WARM10';

/** The demo owner creates a 10 % code in the console API; returns its use limit. */
async function createBenchCode(base, code, limit) {
  const login = await json(base, 'POST', '/api/admin/auth/login', { body: OWNER });
  const token = `Bearer ${login.body.data.token}`;
  const created = await json(base, 'POST', '/api/admin/promotions/coupon/create', {
    token,
    body: { code, name: 'bench', kind: 'percent', percent: '10', total_uses: limit },
  });
  if (created.status !== 200)
    throw new Error(`creating the bench code failed: ${JSON.stringify(created.body)}`);
  return { token, limit, id: created.body.data.id };
}

/**
 * Buyers (`tokens`, CONNECTIONS_PER_BUYER requests each at a time) race to buy one option, each
 * order created and paid by balance, until it is sold out or `stopAfter` orders were paid. With
 * `code`, every order carries it; once it is used up (422), a buyer goes on without it.
 */
async function race(next, tokens, item, { code = null, stopAfter = Infinity } = {}) {
  let sold = 0;
  let refused = 0;
  let failed = 0;
  let codeRefused = 0;
  let done = false;
  const worker = async (token, w) => {
    let n = 0;
    let withCode = Boolean(code);
    while (!done) {
      n += 1;
      const created = await json(next(), 'POST', '/api/front/order/create', {
        token,
        body: { items: [item], ...(withCode ? { coupon_code: code } : {}) },
        headers: { 'idempotency-key': `bench-${item.face_value}-${w}-${n}-${Date.now()}` },
      });
      if (withCode && created.status === 422) {
        // The code is used up: this buyer goes on without it.
        codeRefused += 1;
        withCode = false;
        continue;
      }
      if (created.status !== 200) {
        // Sold out (400 before the transaction, 409 inside it): the race is over.
        if (created.status === 400 || created.status === 409) refused += 1;
        else failed += 1;
        done = true;
        break;
      }
      const paid = await json(next(), 'POST', '/api/front/order/pay', {
        token,
        body: { oid: created.body.data.oid, method: 'balance' },
      });
      if (paid.status === 200) sold += 1;
      else failed += 1;
      if (sold >= stopAfter) done = true;
    }
  };
  const started = performance.now();
  await Promise.all(
    tokens.flatMap((token, b) =>
      Array.from({ length: CONNECTIONS_PER_BUYER }, (_, c) => worker(token, b * 10 + c)),
    ),
  );
  return { sold, refused, failed, codeRefused, seconds: (performance.now() - started) / 1000 };
}

/** Orders of the warm-up race (on the demo's ¥200 card, 180 in stock) before the one measured. */
const WARM_ORDERS = 120;

/**
 * Runs the race on a started shop (`base`), or on several serving one database (`base` a list:
 * the race's requests go to each in turn; setting up uses the first); returns throughput and the
 * oversell check. `verify` (optional) reads the database after the race. With `{ code: true }`
 * every order carries a 10 % code limited to 80 % of the stock (issue 31): once it is used up
 * (422), a buyer orders without it; afterwards the code must have been used by exactly
 * min(limit, sold) paid orders. `unlimited`: the code has no limit (every order carries it).
 *
 * Before the race measured, the same buyers race in the same way (with an unlimited code when the
 * race has one) for WARM_ORDERS of another option: a fresh process compiles its hot paths in its
 * first second, which would otherwise be half of a two-second race.
 */
export async function checkoutBench(bases, verify, { code = false, unlimited = false } = {}) {
  const all = Array.isArray(bases) ? bases : [bases];
  const base = all[0];
  let turn = 0;
  const next = () => all[turn++ % all.length];
  // The demo's ¥100 Arcway wallet card: 500 in stock, ¥98 each.
  const search = await json(base, 'GET', '/api/front/goods/search?keyword=Arcway&limit=5');
  const goodsId = search.body.data.list[0].id;
  const detail = await json(base, 'GET', `/api/front/goods/detail?id=${goodsId}`);
  const option = detail.body.data.face_values.find((f) => f.face_value === 100);
  const stock = option.stock;
  const tokens = [];
  for (let i = 0; i < BUYERS; i++) tokens.push(await buyer(base, i));
  if (code) await createBenchCode(base, WARM_CODE, null);
  await race(
    next,
    tokens,
    { goods_id: goodsId, face_value: 200, num: 1 },
    {
      code: code ? WARM_CODE : null,
      stopAfter: WARM_ORDERS,
    },
  );
  const bench = code
    ? await createBenchCode(base, BENCH_CODE, unlimited ? null : Math.floor(stock * 0.8))
    : null;

  const { sold, refused, failed, codeRefused, seconds } = await race(
    next,
    tokens,
    { goods_id: goodsId, face_value: 100, num: 1 },
    { code: bench ? BENCH_CODE : null },
  );
  const after = await json(base, 'GET', `/api/front/goods/detail?id=${goodsId}`);
  const left = after.body.data.face_values.find((f) => f.face_value === 100).stock;
  const db = verify ? await verify({ goodsId, faceValue: 100 }) : null;
  let codeOver = 0;
  let codeUses = null;
  if (bench) {
    // The console's word on the code: its uses, and the paid orders that carry it.
    const detail = await json(base, 'GET', `/api/admin/promotions/coupon/detail?id=${bench.id}`, {
      token: bench.token,
    });
    codeUses = { limit: bench.limit, used: detail.body.data.used_count, paid: detail.body.data.paid_orders };
    const expected = bench.limit === null ? sold : Math.min(bench.limit, sold);
    codeOver = Math.abs(codeUses.used - expected) + Math.abs(codeUses.paid - expected);
  }
  return {
    code: codeUses,
    codeRefused,
    codeOver,
    processes: all.length,
    db,
    stock,
    sold,
    left,
    refused,
    failed,
    seconds,
    ordersPerSecond: sold / seconds,
    oversold:
      Math.max(0, sold - stock) +
      (left < 0 ? -left : 0) +
      (sold + left !== stock ? 1 : 0) +
      // The database's word: a key per paid unit, none twice, stock = available keys.
      (db
        ? Math.abs(db.soldKeys - sold) + Math.abs(db.paidUnits - sold) + Math.abs(db.stock - db.available)
        : 0),
    connections: BUYERS * CONNECTIONS_PER_BUYER,
  };
}

const CHECKOUT_ENV = {
  // The stock read after the race must not come from the catalog read cache.
  CACHE_TTL_MS: '0',
  CAPTCHA_DISABLED: '1',
  RATE_LIMIT_PER_IP: '1000000',
  RATE_LIMIT_PER_ACCOUNT: '1000000',
};

/** The PostgreSQL server to create bench databases on (BENCH_DATABASE_URL or TEST_DATABASE_URL). */
function pgServer() {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  return url ? new URL(url) : null;
}

async function adminQuery(server, text) {
  const client = new pg.Client({ connectionString: server.toString() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The database's count for the raced option: sold keys, paid units, stock and available keys. */
function pgVerifier(url) {
  return async ({ goodsId, faceValue }) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const key = `g${goodsId}:f${faceValue}`;
      const one = async (text, params) =>
        Number(Object.values((await client.query(text, params)).rows[0])[0]);
      return {
        soldKeys: await one(
          `select count(*) from card_keys k join order_items i on i.id = k.order_item_id
           where k.option_key = $1 and k.status = 'sold' and i.order_id in
             (select id from orders where user_id in (select id from users where email like 'bench%'))`,
          [key],
        ),
        paidUnits: await one(
          `select coalesce(sum(i.num), 0) from order_items i join orders o on o.id = i.order_id
           where i.goods_id = $1 and i.face_value = $2 and o.status in ('paid', 'delivering', 'completed')
             and o.user_id in (select id from users where email like 'bench%')`,
          [goodsId, faceValue],
        ),
        stock: await one(`select stock from goods_face_values where goods_id = $1 and face_value = $2`, [
          goodsId,
          faceValue,
        ]),
        available: await one(
          `select count(*) from card_keys where option_key = $1 and status = 'available'`,
          [key],
        ),
      };
    } finally {
      await client.end();
    }
  };
}

/**
 * One race on PostgreSQL: `processes` shop processes on a fresh database behind a round-robin of
 * requests. Rate limits go to Redis when BENCH_REDIS_URL or TEST_REDIS_URL names one (what several
 * processes share; the shop's locks, jobs and outbox are in the database).
 */
async function onPostgres({ server, startProcess, shopArgs, env }, name, processes, options) {
  const redis = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL;
  const database = `shop_bench_checkout_${process.pid}_${name.toLowerCase()}`;
  const url = new URL(server);
  url.pathname = `/${database}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-checkout-pg-'));
  await adminQuery(server, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await adminQuery(server, `CREATE DATABASE ${database}`);
  const shopEnv = {
    ...env,
    ...CHECKOUT_ENV,
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    ...(redis ? { REDIS_URL: redis } : {}),
  };
  const shops = [];
  try {
    // One after the other: the first migrates and seeds the demo, the second finds it done.
    for (let i = 0; i < processes; i++) shops.push(await startProcess(shopArgs, shopEnv, '/readyz'));
    return {
      ...(await checkoutBench(
        shops.map((s) => s.base),
        pgVerifier(url.toString()),
        options,
      )),
      redis: Boolean(redis),
    };
  } finally {
    await Promise.all(shops.map((s) => s.stop()));
    await adminQuery(server, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One printed line of a race's figures. */
export function checkoutLine(label, c) {
  return (
    `${label.padEnd(28)} ${c.ordersPerSecond.toFixed(0).padStart(5)} orders/s: ${c.sold} sold in ${c.seconds.toFixed(2)} s` +
    ` (${c.connections} connections, race for ${c.stock} cards${c.processes > 1 ? `, requests round-robin over ${c.processes} processes` : ''});` +
    ` ${c.left} left, ${c.refused} refused as sold out, ${c.failed} failed, oversold ${c.oversold}` +
    (c.code
      ? `; code used ${c.code.used} of ${c.code.limit ?? 'unlimited'} (${c.code.paid} paid orders), ${c.codeRefused} refused as used up, over its limit ${c.codeOver}`
      : '') +
    (c.db
      ? ` (database: ${c.db.soldKeys} keys sold, ${c.db.paidUnits} paid, stock ${c.db.stock} = ${c.db.available} available)`
      : '') +
    (c.rounds.length > 1
      ? `; median of ${c.rounds.length} rounds: ${c.rounds.map((r) => r.ordersPerSecond.toFixed(0)).join(', ')}`
      : '')
  );
}

/** The three races of a round, with and without a code. */
const MODES = [
  ['plain', {}],
  ['code', { code: true }],
  ['unlimited', { code: true, unlimited: true }],
];

/** The run of median throughput, with every round's run (`rounds`, in the order they ran). */
function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.ordersPerSecond - b.ordersPerSecond);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], rounds: runs };
}

/**
 * Every checkout race of `npm run bench`, each on a fresh shop: SQLite without a code, with a
 * limited code and with an unlimited one, then the same on PostgreSQL when a server is named, in
 * BENCH_CHECKOUT_ROUNDS rounds (3 by default; each round runs the three in a rotated order, so
 * that neither the machine's slow minutes nor a race's place in the run favour one); each race's
 * figure is its median round. Last, once, two processes on one PostgreSQL database.
 */
export async function checkoutRaces({ startProcess, shopArgs, shopEnv, dataDir }) {
  const rounds = Math.max(1, Number(process.env.BENCH_CHECKOUT_ROUNDS ?? 3));
  const server = pgServer();
  const pgSetup = { server, startProcess, shopArgs, env: shopEnv };
  const onSqlite = async (suffix, options) => {
    const dir = `${dataDir}-checkout-${suffix}`;
    const shop = await startProcess(shopArgs, { ...shopEnv, ...CHECKOUT_ENV, DATA_DIR: dir }, '/readyz');
    try {
      return { ...(await checkoutBench(shop.base, undefined, options)), rounds: [] };
    } finally {
      await shop.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  const runs = { sqlite: {}, pg: {} };
  for (const [mode] of MODES) {
    runs.sqlite[mode] = [];
    runs.pg[mode] = [];
  }
  for (let round = 0; round < rounds; round++) {
    const order = [...MODES.slice(round % MODES.length), ...MODES.slice(0, round % MODES.length)];
    for (const [mode, options] of order) runs.sqlite[mode].push(await onSqlite(mode, options));
    if (server)
      for (const [mode, options] of order) runs.pg[mode].push(await onPostgres(pgSetup, mode, 1, options));
  }
  const pg = server
    ? {
        single: medianRun(runs.pg.plain),
        singleCode: medianRun(runs.pg.code),
        singleCodeUnlimited: medianRun(runs.pg.unlimited),
        two: { ...(await onPostgres(pgSetup, 'two', 2, {})), rounds: [] },
      }
    : null;
  return {
    sqlite: medianRun(runs.sqlite.plain),
    sqliteCode: medianRun(runs.sqlite.code),
    sqliteCodeUnlimited: medianRun(runs.sqlite.unlimited),
    pg,
  };
}

/** Prints the races and sets a failing exit code when one oversold, failed or overused its code. */
export function printCheckoutRaces({ sqlite, sqliteCode, sqliteCodeUnlimited, pg }) {
  console.log('\ncheckout (create + pay by balance; budget 300 orders/s on SQLite, 0 oversold, 0 failed)');
  const races = [
    ['SQLite', sqlite],
    ['SQLite, with a code', sqliteCode],
    ['SQLite, unlimited code', sqliteCodeUnlimited],
    ['PostgreSQL', pg?.single],
    ['PostgreSQL, with a code', pg?.singleCode],
    ['PostgreSQL, unlimited code', pg?.singleCodeUnlimited],
    ['PostgreSQL × 2 processes', pg?.two],
  ];
  for (const [label, c] of races) {
    if (!c) console.log(`${label.padEnd(28)} skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)`);
    else console.log(checkoutLine(label, c));
    // Every round counts here, not only the median one.
    for (const run of c ? (c.rounds.length ? c.rounds : [c]) : [])
      if (run.oversold !== 0 || run.failed !== 0 || run.codeOver !== 0) {
        console.log(`${label}: a round oversold, failed or overused its code`);
        process.exitCode = 1;
      }
  }
  // Issue 31's budget: checkout with a code at ≥ 0.9 of checkout without one, in the same run
  // (medians; and each round's own ratio, the races of a round having run minutes apart at most).
  for (const [label, plain, coded] of [
    ['SQLite, with a code', sqlite, sqliteCode],
    ['SQLite, unlimited code', sqlite, sqliteCodeUnlimited],
    ['PostgreSQL, with a code', pg?.single, pg?.singleCode],
    ['PostgreSQL, unlimited code', pg?.single, pg?.singleCodeUnlimited],
  ])
    if (plain && coded) {
      const each = coded.rounds.map((r, i) =>
        (r.ordersPerSecond / plain.rounds[i].ordersPerSecond).toFixed(2),
      );
      console.log(
        `${label}: ${(coded.ordersPerSecond / plain.ordersPerSecond).toFixed(2)} of without a code (budget >= 0.90)` +
          (each.length > 1 ? `; each round: ${each.join(', ')}` : ''),
      );
    }
}

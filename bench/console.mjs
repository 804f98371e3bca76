// `npm run bench -- --console` (issue 15): the console at scale. For each engine (SQLite; and
// PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server) a shop of 1M orders is
// seeded once with `npm run seed:scale` and reused by later runs (BENCH_SCALE_DIR, default
// <tmp>/shop-bench-scale; PostgreSQL database `shop_bench_scale`). The shop is started on it, an
// owner logs in, and each case is requested one after another (what an operator waits for):
// p50/p95 of BENCH_CONSOLE_SAMPLES requests after a warm-up. Budget: p95 under 300 ms.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { exportBench, printExports } from './console-export.mjs';

const SAMPLES = Number(process.env.BENCH_CONSOLE_SAMPLES ?? 100);
export const SCALE = {
  orders: Number(process.env.BENCH_SCALE_ORDERS ?? 1_000_000),
  buyers: Number(process.env.BENCH_SCALE_BUYERS ?? 100_000),
  goods: Number(process.env.BENCH_SCALE_GOODS ?? 100_000),
};
const BUDGET_MS = 300;
const OWNER = { account: 'owner@demo.test', password: 'owner1234' };

export function pgTarget() {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const url = new URL(base);
  const admin = url.toString();
  url.pathname = '/shop_bench_scale';
  return { admin, url: url.toString() };
}

/** Seeds the engine's database unless a marker says it holds this scale already. */
export async function ensureSeeded(root, name, env, marker, reset) {
  // The seed's version: a change to what scale.ts makes seeds again.
  const want = JSON.stringify({ ...SCALE, version: 6 });
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === want) {
    console.log(`${name}: reusing the seeded shop (${marker})`);
    return null;
  }
  await reset();
  console.log(`${name}: seeding ${SCALE.orders.toLocaleString('en')} orders…`);
  const started = Date.now();
  const r = spawnSync(
    process.execPath,
    [
      'scripts/seed-scale.mjs',
      '--orders',
      String(SCALE.orders),
      '--buyers',
      String(SCALE.buyers),
      '--goods',
      String(SCALE.goods),
    ],
    { cwd: root, env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env }, stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error(`seeding ${name} failed`);
  fs.writeFileSync(marker, want);
  return (Date.now() - started) / 1000;
}

async function login(base) {
  const res = await fetch(`${base}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  const body = await res.json();
  if (!body.data?.token) throw new Error(`owner login failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

export const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

export async function timed(url, token) {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: token, locale: 'en' } });
  const body = await res.text();
  const ms = performance.now() - started;
  return { ms, status: res.status, body };
}

export async function measure(url, token) {
  const first = await timed(url, token);
  if (first.status !== 200) return { error: `HTTP ${first.status}` };
  for (let i = 0; i < 5; i++) await timed(url, token);
  const times = [];
  for (let i = 0; i < SAMPLES; i++) {
    const r = await timed(url, token);
    if (r.status !== 200) return { error: `HTTP ${r.status}` };
    times.push(r.ms);
  }
  times.sort((a, b) => a - b);
  return { first: first.ms, p50: quantile(times, 0.5), p95: quantile(times, 0.95), body: first.body };
}

/** Runs the console cases against one engine's seeded shop. */
async function engineCases(startProcess, shopArgs, engine, env) {
  const shop = await startProcess(
    shopArgs,
    {
      NODE_ENV: 'test',
      CAPTCHA_DISABLED: '1',
      RATE_LIMIT_PER_IP: '1000000',
      RATE_LIMIT_PER_ACCOUNT: '1000000',
      ...env,
    },
    '/readyz',
  );
  const rows = [];
  try {
    const token = await login(shop.base);
    const dash = await measure(`${shop.base}/api/admin/dashboard`, token);
    rows.push({ engine, name: 'GET /api/admin/dashboard', ...dash });
    // An order number to search for: one from the first page of the list.
    const list = `${shop.base}/api/admin/orders/list`;
    const page = await measure(`${list}?page=1&limit=20`, token);
    rows.push({ engine, name: 'orders/list page 1 (20)', ...page });
    let oid = null;
    try {
      oid = JSON.parse(page.body ?? '{}').data?.list?.[10]?.oid ?? null;
    } catch {
      oid = null;
    }
    rows.push({
      engine,
      name: 'orders/list status=completed',
      ...(await measure(`${list}?page=1&limit=20&status=completed`, token)),
    });
    rows.push({
      engine,
      name: 'orders/list status=refunded',
      ...(await measure(`${list}?page=1&limit=20&status=refunded`, token)),
    });
    rows.push({
      engine,
      name: 'orders/list pay_method+day',
      ...(await measure(`${list}?page=1&limit=20&pay_method=wechat&from=${day(-40)}&to=${day(-10)}`, token)),
    });
    rows.push({
      engine,
      name: 'orders/list oid=<one order>',
      ...(oid ? await measure(`${list}?page=1&limit=20&oid=${oid}`, token) : { error: 'no order to search' }),
    });
    rows.push(...(await prefixCases(shop.base, list, token, engine, oid)));
  } finally {
    await shop.stop();
  }
  return rows;
}

/**
 * Partial search (issue 32, decision 080): the start of an order number, a player id, a buyer's
 * email and phone, each read from its index. The values are taken from the shop (an order of the
 * first page and its buyer, a top-up's player id), cut to what an operator types from a note.
 */
async function prefixCases(base, list, token, engine, oid) {
  const rows = [];
  const get = async (url) => {
    const res = await fetch(url, { headers: { authorization: token, locale: 'en' } });
    return res.ok ? (await res.json()).data : null;
  };
  const detail = oid ? await get(`${base}/api/admin/orders/detail?oid=${oid}`) : null;
  const topups = await get(`${list}?page=1&limit=50&status=completed`);
  let player = null;
  for (const row of topups?.list ?? []) {
    const d = await get(`${base}/api/admin/orders/detail?oid=${row.oid}`);
    player = d?.items?.find((i) => i.player_id)?.player_id ?? null;
    if (player) break;
  }
  const email = detail?.buyer?.email ?? '';
  const local = email.split('@')[0] ?? '';
  const cases = [
    // The year of an order number (nearly every order: filtered in the query, not by ids), the
    // day (a few thousand orders at 1M), and the day and six digits more.
    ['order no prefix (4)', oid ? `oid_prefix=${oid.slice(0, 4)}` : null],
    ['order no prefix (8)', oid ? `oid_prefix=${oid.slice(0, 8)}` : null],
    ['order no prefix (14)', oid ? `oid_prefix=${oid.slice(0, 14)}` : null],
    [
      'player id prefix',
      player ? `player_prefix=${encodeURIComponent(player.slice(0, Math.max(3, player.length - 2)))}` : null,
    ],
    // The local part less its last character: scale-1234 → scale-123 (11 buyers).
    ['email prefix', local.length > 3 ? `buyer_prefix=${encodeURIComponent(local.slice(0, -1))}` : null],
    // The scale seed's buyers sign up by email: this reads the phone index and finds no one.
    ['phone prefix', `buyer_prefix=${encodeURIComponent(detail?.buyer?.phone?.slice(0, 7) ?? '1391234')}`],
  ];
  for (const [name, query] of cases)
    rows.push({
      engine,
      name: `orders/list ${name}`,
      ...(query ? await measure(`${list}?page=1&limit=20&${query}`, token) : { error: 'no value to search' }),
    });
  return rows;
}

/** A shop day (UTC+8) `offset` days from today. */
function day(offset) {
  return new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The scale shop of each engine, seeded once (or reused): SQLite, and PostgreSQL when a server is
 * named. Returns each engine's environment for the shop and how long its seeding took (null: reused).
 */
export async function scaleShops(root) {
  const dir = process.env.BENCH_SCALE_DIR ?? path.join(os.tmpdir(), 'shop-bench-scale');
  const sqliteDir = path.join(dir, 'sqlite');
  fs.mkdirSync(sqliteDir, { recursive: true });
  const shops = [];
  const sqliteSeconds = await ensureSeeded(
    root,
    'SQLite',
    { DATA_DIR: sqliteDir },
    path.join(sqliteDir, 'seeded.json'),
    async () => {
      for (const f of ['shop.db', 'shop.db-wal', 'shop.db-shm'])
        fs.rmSync(path.join(sqliteDir, f), { force: true });
    },
  );
  shops.push({ engine: 'SQLite', env: { DATA_DIR: sqliteDir }, seconds: sqliteSeconds });
  const target = pgTarget();
  if (!target) {
    console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return shops;
  }
  const env = { DATA_DIR: sqliteDir, DATABASE_URL: target.url };
  const pgSeconds = await ensureSeeded(
    root,
    'PostgreSQL',
    env,
    path.join(dir, 'postgres-seeded.json'),
    async () => {
      const client = new pg.Client({ connectionString: target.admin });
      await client.connect();
      await client.query('DROP DATABASE IF EXISTS shop_bench_scale WITH (FORCE)');
      await client.query('CREATE DATABASE shop_bench_scale');
      await client.end();
    },
  );
  shops.push({ engine: 'PostgreSQL', env, seconds: pgSeconds });
  return shops;
}

export async function consoleBench({ root, startProcess, shopArgs }) {
  const shops = await scaleShops(root);
  const seeded = shops.filter((s) => s.seconds !== null).map((s) => [s.engine, s.seconds]);
  const rows = [];
  for (const { engine, env } of shops) rows.push(...(await engineCases(startProcess, shopArgs, engine, env)));

  console.log(
    `\nconsole at scale: ${SCALE.orders.toLocaleString('en')} orders, ${SCALE.buyers.toLocaleString('en')} buyers, ${SCALE.goods.toLocaleString('en')} goods; ` +
      `${SAMPLES} sequential requests per case after a warm-up, ${os.cpus().length} cores, node ${process.version}\n`,
  );
  for (const [name, s] of seeded) console.log(`seeded ${name} in ${s.toFixed(0)} s`);
  console.log(
    'engine'.padEnd(11),
    'case'.padEnd(30),
    'first ms'.padStart(9),
    'p50 ms'.padStart(8),
    'p95 ms'.padStart(8),
  );
  let over = false;
  for (const r of rows) {
    if (r.error) {
      console.log(r.engine.padEnd(11), r.name.padEnd(30), `  ${r.error}`);
      continue;
    }
    if (r.p95 > BUDGET_MS) over = true;
    console.log(
      r.engine.padEnd(11),
      r.name.padEnd(30),
      r.first.toFixed(0).padStart(9),
      r.p50.toFixed(1).padStart(8),
      r.p95.toFixed(1).padStart(8),
      r.p95 > BUDGET_MS ? '  over budget' : '',
    );
  }
  console.log(`\nbudget: p95 < ${BUDGET_MS} ms (ARCHITECTURE.md §7)`);
  const exported = [];
  for (const { engine, env } of shops)
    exported.push(...(await exportBench({ startProcess, shopArgs, engine, env })));
  printExports(exported);
  if (over) process.exitCode = 1;
}

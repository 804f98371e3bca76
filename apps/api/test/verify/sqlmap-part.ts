import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../helpers.ts';
import { startServerProcess } from '../server-process.ts';
import { verifyEngine, writeResult } from './result.ts';

// `npm run verify` part "sqlmap" (issue 11, decision 027): sqlmap (Debian package `sqlmap`) aimed
// at the parameters that reach SQL — search, paging, goods detail, category goods and the buyer's
// orders (with the buyer's token) — of a real server process on 127.0.0.1, on one engine. Bounded:
// `--batch`, level 3 / risk 1 (risk 1 sends nothing that writes), a time limit per target; the
// payloads of every DBMS, not only the engine's, as an attacker would not know it (about 1,000
// requests per parameter). Figure: injectable parameters, which must be 0. Verify installs
// nothing: without sqlmap the part fails and says how to get it.
//
//   VERIFY_ENGINE=sqlite node --import tsx apps/api/test/verify/sqlmap-part.ts

const engine = verifyEngine();
const LEVEL = process.env.SQLMAP_LEVEL ?? '3';
const TARGET_MINUTES = Number(process.env.SQLMAP_TARGET_MINUTES ?? 6);

const sqlmap = spawnSync('sqlmap', ['--version'], { encoding: 'utf8' });
if (sqlmap.error || sqlmap.status !== 0) {
  console.log('sqlmap missing: apt-get install sqlmap');
  writeResult({
    figures: { checksPassed: 0 },
    violations: 0,
    ok: false,
    details: ['sqlmap missing: apt-get install sqlmap'],
  });
  process.exit(0);
}
const version = /^\d+\.\S+/m.exec(sqlmap.stdout)?.[0] ?? '?';
console.log(`sqlmap ${version} (${engine}), level ${LEVEL}, risk 1`);

const database = await createTestDatabase(engine);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-verify-sqlmap-'));
const server = await startServerProcess({
  SEED_DEMO: '1',
  DATA_DIR: dataDir,
  DATABASE_URL: database.url,
  // Every request reaches the database: a cached answer would hide what the payload did.
  CACHE_TTL_MS: '0',
  WEB_BUILD_DIR: path.join(dataDir, 'no-web-build'),
});

type Target = { name: string; url: string; params: string[]; auth: boolean };
type Outcome = {
  target: string;
  injectable: string[];
  tested: boolean;
  note: string;
  seconds: number;
  /** Requests sqlmap reports as answered with a 4xx (refused by validation) and with a 5xx. */
  refused: number;
  status5xx: number;
};

const outcomes: Outcome[] = [];
try {
  const base = server.baseUrl;
  const json = async (method: string, url: string, body?: unknown, token?: string) => {
    const res = await fetch(base + url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: token } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await res.json()) as { code: number; data: Record<string, unknown> | null };
  };

  // A buyer of our own with one order (its oid is a real one).
  const email = `sqlmap-${Date.now()}@demo.test`;
  await json('POST', '/api/front/app/sendEmailcode', { email });
  const outbox = await json('GET', '/api/dev/outbox');
  const message = (outbox.data?.list as { recipient: string; body: string }[]).find(
    (m) => m.recipient === email,
  );
  const code = /(\d{6})/.exec(message?.body ?? '')?.[1];
  const token = (
    await json('POST', '/api/front/app/register', { account: email, code, password: 'sqlmap-pass-1' })
  ).data?.token as string;
  const search = await json('GET', '/api/front/goods/search?limit=100');
  const goods = search.data?.list as { id: number; category_id: number; recharge_type: number }[];
  const card = goods.find((g) => g.recharge_type === 1) ?? goods[0]!;
  const detail = (await json('GET', `/api/front/goods/detail?id=${card.id}`)).data as {
    skus: { id: number; in_stock: boolean }[];
    face_values: { face_value: number; in_stock: boolean }[];
  };
  const item =
    detail.skus.length > 0
      ? { goods_id: card.id, goods_sku_id: detail.skus.find((s) => s.in_stock)?.id, num: 1 }
      : { goods_id: card.id, face_value: detail.face_values.find((f) => f.in_stock)?.face_value, num: 1 };
  const oid = (await json('POST', '/api/front/order/create', { items: [item] }, token)).data?.oid as string;
  if (!token || !oid) throw new Error('could not set up the sqlmap buyer and order');

  const targets: Target[] = [
    {
      name: 'goods search',
      url: `/api/front/goods/search?keyword=card&category_id=${card.category_id}&page=1&limit=20`,
      params: ['keyword', 'category_id', 'page', 'limit'],
      auth: false,
    },
    { name: 'goods detail', url: `/api/front/goods/detail?id=${card.id}`, params: ['id'], auth: false },
    {
      name: 'category goods',
      url: `/api/front/category/goods?id=${card.category_id}&sort=sales&page=1&limit=20`,
      params: ['id', 'sort', 'page', 'limit'],
      auth: false,
    },
    {
      name: 'article list (paging)',
      url: '/api/front/article/list?page=1&limit=10',
      params: ['page', 'limit'],
      auth: false,
    },
    {
      name: 'order list',
      url: '/api/front/order/list?status=pending_payment&page=1&limit=20',
      params: ['status', 'page', 'limit'],
      auth: true,
    },
    { name: 'order detail', url: `/api/front/order/detail?oid=${oid}`, params: ['oid'], auth: true },
    // Issue 12: every card key of the buyer, searched by goods name or order number.
    {
      name: 'card keys (search)',
      url: '/api/front/order/card?keyword=card&page=1&limit=20',
      params: ['keyword', 'page', 'limit'],
      auth: true,
    },
    {
      name: 'remembered game accounts',
      url: `/api/front/player/recent?goods_id=${card.id}`,
      params: ['goods_id'],
      auth: true,
    },
  ];

  const outputDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-verify-sqlmap-out-'));
  for (const target of targets) {
    const started = Date.now();
    const args = [
      '-u',
      base + target.url,
      '-p',
      target.params.join(','),
      '--batch',
      `--level=${LEVEL}`,
      '--risk=1',
      '--time-sec=2',
      '--timeout=10',
      '--retries=1',
      '--flush-session',
      '--disable-coloring',
      `--output-dir=${outputDir}`,
      '-H',
      'Accept: application/json',
      ...(target.auth ? ['-H', `Authorization: ${token}`] : []),
    ];
    console.log(`▶ ${target.name}: ${target.url} (parameters ${target.params.join(', ')})`);
    const { output, timedOut } = await run('sqlmap', args, TARGET_MINUTES * 60_000);
    if (process.env.VERIFY_DIR)
      fs.writeFileSync(
        path.join(process.env.VERIFY_DIR, `sqlmap-${engine}-${target.name.replace(/\W+/g, '-')}.txt`),
        output,
      );
    // sqlmap's closing "HTTP error codes detected during run: 400 (Bad Request) - 4219 times".
    const errors = [...output.matchAll(/^(\d{3}) \([^)]*\) - (\d+) times/gm)];
    const requests = errors.filter((m) => m[1]!.startsWith('4')).reduce((n, m) => n + Number(m[2]), 0);
    const status5xx = errors.filter((m) => m[1]!.startsWith('5')).reduce((n, m) => n + Number(m[2]), 0);
    const seconds = Math.round((Date.now() - started) / 1000);
    const injectable = [
      ...new Set(
        [...output.matchAll(/^Parameter: (\S+) \((GET|POST|Custom|URI|Header|Cookie)[^)]*\)/gm)].map(
          (m) => `${m[1]} (${m[2]})`,
        ),
      ),
    ];
    const clean = /all tested parameters do not appear to be injectable/.test(output);
    const found = /identified the following injection point/.test(output) || injectable.length > 0;
    const critical = [...output.matchAll(/\[CRITICAL\] (.*)/g)]
      .map((m) => m[1]!)
      .filter((l) => !/do not appear to be injectable/.test(l));
    const tested = (clean || found) && !timedOut;
    const note = timedOut
      ? `stopped after ${TARGET_MINUTES} min`
      : found
        ? `INJECTABLE: ${injectable.join(', ')}`
        : clean
          ? 'no parameter injectable'
          : `inconclusive: ${critical[0] ?? output.trim().split('\n').slice(-3).join(' / ')}`;
    outcomes.push({ target: target.name, injectable, tested, note, seconds, refused: requests, status5xx });
    console.log(
      `  ${found ? '✖' : tested ? '✔' : '?'} ${target.name}: ${note} (${seconds} s, ${requests} answered 4xx, ${status5xx} 5xx)`,
    );
  }
  fs.rmSync(outputDir, { recursive: true, force: true });
} finally {
  const code = await server.stop();
  if (code !== 0) console.log(`server exited with ${code}:\n${server.output().slice(-2000)}`);
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const injectableParameters = outcomes.reduce((n, o) => n + o.injectable.length, 0);
const status5xx = outcomes.reduce((n, o) => n + o.status5xx, 0);
const tested = outcomes.filter((o) => o.tested).length;
writeResult({
  figures: {
    injectableParameters,
    status5xx,
    checksPassed: outcomes.filter((o) => o.tested && o.injectable.length === 0 && o.status5xx === 0).length,
    checksTotal: outcomes.length,
    sqlmapTargets: outcomes.length,
    sqlmapLevel: Number(LEVEL),
    sqlmapRequests4xx: outcomes.reduce((n, o) => n + o.refused, 0),
  },
  violations: injectableParameters + status5xx,
  ok: injectableParameters === 0 && status5xx === 0 && tested === outcomes.length && outcomes.length > 0,
  details: outcomes
    .filter((o) => !o.tested || o.injectable.length > 0 || o.status5xx > 0)
    .map((o) => `${o.target}: ${o.note}${o.status5xx ? `, ${o.status5xx} answers 5xx` : ''}`),
});

/** Runs a command to its end or `ms`, whichever comes first; its output (stdout and stderr). */
function run(cmd: string, args: string[], ms: number): Promise<{ output: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let timedOut = false;
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, ms);
    child.on('close', () => {
      clearTimeout(timer);
      resolve({ output, timedOut });
    });
  });
}

#!/usr/bin/env node
// `npm run bench`: load on 127.0.0.1 with autocannon. Every figure is printed as a ratio to a
// baseline measured in the same run (a bare Fastify handler), because this machine is shared and
// noisy: absolute numbers move, ratios much less (ARCHITECTURE.md §7).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function startProcess(args, env, readyPath) {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited early`);
    try {
      if ((await fetch(base + readyPath)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const exited = new Promise((r) => child.once('exit', r));
  return { base, stop: async () => (child.kill('SIGTERM'), await exited) };
}

function load(url, headers = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (err, result) => {
      if (err) return reject(err);
      if (result.non2xx > 0 || result.errors > 0) {
        return reject(new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`));
      }
      resolve({ rps: result.requests.average, p99: result.latency.p99 });
    });
  });
}

async function warm(url) {
  await new Promise((r) => autocannon({ url, connections: 10, duration: 1 }, r));
}

import { spawnSync } from 'node:child_process';

function buildIfMissing(dir, args) {
  if (fs.existsSync(path.join(root, dir, 'build/server/index.js'))) return;
  console.log(`building ${dir}…`);
  const r = spawnSync('npx', args, { cwd: path.join(root, dir), stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// `npm run bench -- --console`: only the console at scale (issue 15, bench/console.mjs).
if (process.argv.includes('--console')) {
  buildIfMissing('apps/web', ['npm', 'run', 'build']);
  const { consoleBench } = await import('./console.mjs');
  await consoleBench({ root, startProcess, shopArgs: ['--import', 'tsx', 'apps/api/src/server.ts'] });
  process.exit();
}
buildIfMissing('apps/web', ['npm', 'run', 'build']);
buildIfMissing('bench/ssr-baseline', ['react-router', 'build']);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
const bare = await startProcess(['bench/bare-fastify.mjs'], {}, '/');
const shopArgs = ['--import', 'tsx', 'apps/api/src/server.ts'];
// NODE_ENV=test: the demo catalog is seeded (never in production); React runs in production mode
// all the same (decision 004).
const shopEnv = { DATA_DIR: dataDir, NODE_ENV: 'test' };
const shop = await startProcess(shopArgs, shopEnv, '/readyz');
// Rendering every time (no page or read cache): the shop's real render cost…
const uncached = await startProcess(
  shopArgs,
  { ...shopEnv, DATA_DIR: `${dataDir}-uncached`, CACHE_TTL_MS: '0' },
  '/readyz',
);
// …and the same server and adapter serving the minimal React Router page, also uncached.
const minimal = await startProcess(
  shopArgs,
  {
    ...shopEnv,
    DATA_DIR: `${dataDir}-minimal`,
    CACHE_TTL_MS: '0',
    WEB_BUILD_DIR: path.join(root, 'bench/ssr-baseline/build'),
  },
  '/readyz',
);

// [name, url, index of the row it is compared with]
const cases = [
  ['bare Fastify handler', bare.base + '/', 0],
  ['GET /api/front/app/config', shop.base + '/api/front/app/config', 0],
  ['GET /api/front/goods/detail', shop.base + '/api/front/goods/detail?id=1', 0],
  ['GET /api/front/customModule/goods', shop.base + '/api/front/customModule/goods?id=1', 0],
  ['minimal React Router SSR page', minimal.base + '/', 0],
  ['SSR of / (rendered every time)', uncached.base + '/', 4],
  ['SSR of / (page cache, default)', shop.base + '/', 4],
];
const rows = [];
const pages = [];
let js;
let checkout;
// Checkout gets a shop of its own (fresh stock and buyers), with throttling and captcha off.
const checkoutShop = await startProcess(
  shopArgs,
  {
    ...shopEnv,
    DATA_DIR: `${dataDir}-checkout`,
    // The stock read after the race must not come from the catalog read cache.
    CACHE_TTL_MS: '0',
    CAPTCHA_DISABLED: '1',
    RATE_LIMIT_PER_IP: '1000000',
    RATE_LIMIT_PER_ACCOUNT: '1000000',
  },
  '/readyz',
);
try {
  for (const [name, url, against] of cases) {
    await warm(url);
    rows.push({ name, against, ...(await load(url)) });
  }
  const { checkoutBench } = await import('./checkout.mjs');
  checkout = await checkoutBench(checkoutShop.base);
  if (fs.existsSync(process.env.CHROME_PATH ?? '/usr/bin/chromium') && process.env.BENCH_LIGHTHOUSE !== '0') {
    const { audit, firstLoadJs } = await import('./lighthouse.mjs');
    for (const path of ['/', '/category/goods/1']) pages.push({ path, ...(await audit(shop.base + path)) });
    js = await firstLoadJs(shop.base, '/');
  }
} finally {
  await Promise.all([bare.stop(), shop.stop(), uncached.stop(), minimal.stop(), checkoutShop.stop()]);
  for (const dir of [dataDir, `${dataDir}-uncached`, `${dataDir}-minimal`, `${dataDir}-checkout`])
    fs.rmSync(dir, { recursive: true, force: true });
}

console.log(
  `\nautocannon: ${CONNECTIONS} connections, ${DURATION}s per case, ${os.cpus().length} cores, node ${process.version}\n`,
);
console.log('case'.padEnd(32), 'req/s'.padStart(9), 'p99 ms'.padStart(7), 'ratio'.padStart(6), '  to');
for (const r of rows) {
  const base = rows[r.against];
  const ratio = r === base ? '1.00' : (r.rps / base.rps).toFixed(2);
  const to = r === base ? '(baseline)' : base.name;
  console.log(
    r.name.padEnd(32),
    r.rps.toFixed(0).padStart(9),
    String(r.p99).padStart(7),
    ratio.padStart(6),
    ` ${to}`,
  );
}

if (checkout) {
  const c = checkout;
  console.log(
    `\ncheckout on SQLite (create + pay by balance, ${c.connections} connections, race for ${c.stock} cards):` +
      ` ${c.sold} sold in ${c.seconds.toFixed(2)} s = ${c.ordersPerSecond.toFixed(0)} orders/s (budget 300);` +
      ` ${c.left} left, ${c.refused} refused as sold out, ${c.failed} failed, oversold ${c.oversold}`,
  );
  if (c.oversold !== 0 || c.failed !== 0) process.exitCode = 1;
}

if (pages.length) {
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  console.log(`\nLighthouse 12 (mobile, simulated throttling), ${chrome}\n`);
  console.log(
    'page'.padEnd(22),
    'perf'.padStart(5),
    'a11y'.padStart(5),
    'bp'.padStart(5),
    'seo'.padStart(5),
    '  audits below 0.9',
  );
  const cell = (v) => (v === null || v === undefined ? '—' : v.toFixed(2)).padStart(5);
  for (const p of pages) {
    const s = p.scores;
    console.log(
      p.path.padEnd(22),
      cell(s.performance),
      cell(s.accessibility),
      cell(s['best-practices']),
      cell(s.seo),
      ` ${p.error ? `error: ${p.error}` : p.failed.join(', ')}`,
    );
  }
  console.log(
    `\nfirst-load JS of /: ${(js.gzipBytes / 1024).toFixed(1)} kB gzip in ${js.files} files (budget 130 kB)`,
  );
}

#!/usr/bin/env node
// `npm run bench`: load on 127.0.0.1 with autocannon. Every figure is printed as a ratio to a
// baseline measured in the same run (a bare Fastify handler), because this machine is shared and
// noisy: absolute numbers move, ratios much less (ARCHITECTURE.md §7).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { processStarter } from './processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const startProcess = processStarter(root);

/** Loads `url`; every answer must have the status `status` (200 unless a case says otherwise). */
function load(url, { headers = {}, status = 200 } = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (err, result) => {
      if (err) return reject(err);
      const other = Object.entries(result.statusCodeStats)
        .filter(([code]) => Number(code) !== status)
        .reduce((sum, [, { count }]) => sum + count, 0);
      if (other > 0 || result.errors > 0) {
        return reject(new Error(`${url}: ${other} answers not ${status}, ${result.errors} errors`));
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
// `npm run bench -- --scale`: only the buyers' reads at demo size and at scale (issue 16, bench/scale.mjs).
if (process.argv.includes('--scale')) {
  buildIfMissing('apps/web', ['npm', 'run', 'build']);
  const { scaleBench } = await import('./scale.mjs');
  await scaleBench({ root, startProcess, shopArgs: ['--import', 'tsx', 'apps/api/src/server.ts'] });
  process.exit();
}
// `npm run bench -- --peer`: ours next to Vendure, installed on demand in var/peer (issue 16, bench/peer.mjs).
if (process.argv.includes('--peer')) {
  buildIfMissing('apps/web', ['npm', 'run', 'build']);
  const { peerBench } = await import('./peer.mjs');
  await peerBench({ root, startProcess, shopArgs: ['--import', 'tsx', 'apps/api/src/server.ts'] });
  process.exit();
}
// `npm run bench -- --checkout`: only the checkout races (issues 16 and 31, bench/checkout.mjs).
if (process.argv.includes('--checkout')) {
  buildIfMissing('apps/web', ['npm', 'run', 'build']);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const { checkoutRaces, printCheckoutRaces } = await import('./checkout.mjs');
  const races = await checkoutRaces({
    startProcess,
    shopArgs: ['--import', 'tsx', 'apps/api/src/server.ts'],
    shopEnv: { DATA_DIR: dir, NODE_ENV: 'test' },
    dataDir: dir,
  });
  printCheckoutRaces(races);
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit();
}
buildIfMissing('apps/web', ['npm', 'run', 'build']);
buildIfMissing('bench/ssr-baseline', ['react-router', 'build']);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
const shopArgs = ['--import', 'tsx', 'apps/api/src/server.ts'];
// NODE_ENV=test: the demo catalog is seeded (never in production); React runs in production mode
// all the same (decision 004).
const shopEnv = { DATA_DIR: dataDir, NODE_ENV: 'test' };
const shop = await startProcess(shopArgs, shopEnv, '/readyz');
// The bare handler also answers the goods detail's own body (bench/bare-fastify.mjs).
const bodyFile = path.join(dataDir, 'goods-detail.json');
fs.writeFileSync(bodyFile, await (await fetch(shop.base + '/api/front/goods/detail?id=1')).text());
const bare = await startProcess(['bench/bare-fastify.mjs'], { BODY_FILE: bodyFile }, '/');
// Rendering every time (no page or read cache): the shop's real render cost…
const uncached = await startProcess(
  shopArgs,
  { ...shopEnv, DATA_DIR: `${dataDir}-uncached`, CACHE_TTL_MS: '0' },
  '/readyz',
);
// …rendered every time with the read cache on (PAGE_CACHE_TTL_MS=0): what a crawler meets, whose
// every page differs but whose pages share the header's, footer's and home's reads…
const pagesOff = await startProcess(
  shopArgs,
  { ...shopEnv, DATA_DIR: `${dataDir}-pages-off`, PAGE_CACHE_TTL_MS: '0' },
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

// [name, url, index of the row it is compared with, the status every answer has (200 unless given)]
const cases = [
  ['bare Fastify handler', bare.base + '/', 0],
  ['GET /api/front/app/config', shop.base + '/api/front/app/config', 0],
  ['GET /api/front/goods/detail', shop.base + '/api/front/goods/detail?id=1', 0],
  ['GET /api/front/customModule/goods', shop.base + '/api/front/customModule/goods?id=1', 0],
  ['minimal React Router SSR page', minimal.base + '/', 0],
  ['SSR of / (rendered every time)', uncached.base + '/', 4],
  ['SSR of / (page cache, default)', shop.base + '/', 4],
  // A goods page rendered every time, and the reads with the read cache off (CACHE_TTL_MS=0): what a
  // crawler walking 100k goods meets (ARCHITECTURE.md §7).
  ['SSR of a goods page (every time)', uncached.base + '/category/goods/1', 4],
  // The 404 page: the shell every buyer page renders (root loader, header, footer, document head,
  // React Router's handoff) around one short message, rendered every time: the floor under every
  // page's ratio (decision 055).
  ['SSR of the 404 page (every time)', uncached.base + '/no-such-page', 4, 404],
  // `/` and the goods page again, rendered every time with the read cache on (PAGE_CACHE_TTL_MS=0).
  ['SSR of / (page cache off)', pagesOff.base + '/', 4],
  ['SSR of a goods page (page cache off)', pagesOff.base + '/category/goods/1', 4],
  ['goods detail (read cache off)', uncached.base + '/api/front/goods/detail?id=1', 0],
  ['module goods (read cache off)', uncached.base + '/api/front/customModule/goods?id=1', 0],
  [
    'search (read cache off)',
    `${uncached.base}/api/front/goods/search?keyword=${encodeURIComponent('星穹')}&page=1&limit=20`,
    0,
  ],
  // A bare handler answering the goods detail's own bytes: the detail rows name their ratio to it too.
  ['bare Fastify, goods detail body', bare.base + '/body', 0],
];
const SAME_BODY = cases.length - 1;
const sameBody = new Set(['GET /api/front/goods/detail', 'goods detail (read cache off)']);
const rows = [];
const pages = [];
let js;
let races;
let pageRows;
// Checkout gets a shop of its own (fresh stock and buyers), with throttling and captcha off.
try {
  for (const [name, url, against, status] of cases) {
    await warm(url);
    rows.push({ name, against, ...(await load(url, { status })) });
  }
  for (const r of rows) if (sameBody.has(r.name)) r.sameBody = rows[SAME_BODY];
  // Checkout races on shops of their own (fresh stock and buyers), with and without a code, on
  // SQLite and PostgreSQL (bench/checkout.mjs).
  const { checkoutRaces } = await import('./checkout.mjs');
  races = await checkoutRaces({ startProcess, shopArgs, shopEnv, dataDir });
  // First-load JS of every buyer page (issue 16; bench/page-js.mjs, runnable alone).
  const { pageJs } = await import('./page-js.mjs');
  pageRows = await pageJs(shop.base);
  if (fs.existsSync(process.env.CHROME_PATH ?? '/usr/bin/chromium') && process.env.BENCH_LIGHTHOUSE !== '0') {
    // Every page of issue 16's Lighthouse budget, the signed-in ones as the demo buyer (bench/lighthouse.mjs).
    const { auditPages, firstLoadJs } = await import('./lighthouse.mjs');
    pages.push(...(await auditPages(shop.base)));
    js = await firstLoadJs(shop.base, '/');
  }
} finally {
  await Promise.all([bare.stop(), shop.stop(), uncached.stop(), pagesOff.stop(), minimal.stop()]);
  for (const dir of [dataDir, `${dataDir}-uncached`, `${dataDir}-pages-off`, `${dataDir}-minimal`])
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
    r.sameBody ? `; ${(r.rps / r.sameBody.rps).toFixed(2)} of ${r.sameBody.name}` : '',
  );
}

if (races) {
  const { printCheckoutRaces } = await import('./checkout.mjs');
  printCheckoutRaces(races);
}

if (pages.length) {
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  console.log(`\nLighthouse 12 (mobile, simulated throttling), ${chrome}\n`);
  console.log(
    'page'.padEnd(44),
    'perf'.padStart(5),
    'a11y'.padStart(5),
    'bp'.padStart(5),
    'seo'.padStart(5),
    'seo†'.padStart(5),
    '  audits below 0.9',
  );
  const cell = (v) => (v === null || v === undefined ? '—' : v.toFixed(2)).padStart(5);
  for (const p of pages) {
    const s = p.scores;
    console.log(
      p.path.padEnd(44),
      cell(s.performance),
      cell(s.accessibility),
      cell(s['best-practices']),
      cell(s.seo),
      p.uncrawlable ? cell(p.seoIndexable) : ''.padStart(5),
      ` ${p.error ? `error: ${p.error}` : p.failed.join(', ')}`,
    );
  }
  // Budget (issue 16): performance ≥ 0.95, the other three 1.00 on every audited page.
  console.log(
    '† SEO without `is-crawlable`, for pages kept out of search engines on purpose (search: noindex;' +
      ' /user/*: robots.txt Disallow), where Lighthouse fails that audit by design.',
  );
  console.log(
    `\nfirst-load JS of /: ${(js.gzipBytes / 1024).toFixed(1)} kB gzip in ${js.files} files (budget 130 kB)`,
  );
}

if (pageRows) {
  const { printPageJs } = await import('./page-js.mjs');
  if (printPageJs(pageRows).length) process.exitCode = 1;
}

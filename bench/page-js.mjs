// First-load JS of every buyer page (issue 16, ARCHITECTURE.md §7 budget: 130 kB gzip): the gzip
// size of every script the route's document loads (module scripts, modulepreloads and the inline
// module's imports, which name the route's own chunk). Signed-in pages render in the browser
// (clientLoader), but the document the server sends for them already lists every module the page
// needs for its first render, so no token is needed. Used by bench/run.mjs; also runnable alone
// against a started shop:
//   node bench/page-js.mjs [http://127.0.0.1:3000] [--files] [/path …]
// --files also lists each route's scripts, largest first. Exits with 1 when a route is over budget.
import zlib from 'node:zlib';

export const BUDGET_KB = 130;

// A made-up order number of the right shape (lib/params.ts): the document does not depend on the
// order, which loads in the browser.
const OID = 'D20261124000001';

/** Every buyer page, with ids the demo data has. */
export const BUYER_ROUTES = [
  '/',
  '/category/1',
  '/category/goods/1',
  '/category/goods/player',
  '/search?keyword=%E6%98%9F',
  '/zone/1',
  '/article/1',
  '/cart',
  `/user/order/checkout/${OID}`,
  `/user/order/detail/${OID}`,
  `/user/order/card?oid=${OID}`,
  '/user/order/card',
  '/user/order',
  '/user/center',
  '/user/asset/wallet',
  '/user/asset/log',
  '/user/support',
  '/user/address',
  '/user/password',
  '/user/update',
];

const sizeCache = new Map();

async function gzipSize(url) {
  let size = sizeCache.get(url);
  if (size === undefined) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    size = zlib.gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
    sizeCache.set(url, size);
  }
  return size;
}

/** The scripts one document loads, each with its gzip size. */
export async function documentScripts(base, path) {
  const response = await fetch(base + path);
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const html = await response.text();
  const urls = new Set(
    [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map(
      (m) => m[1],
    ),
  );
  for (const m of html.matchAll(/import\s*(?:[^'"]*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) urls.add(m[1]);
  const scripts = [];
  for (const url of urls) scripts.push({ url, gzipBytes: await gzipSize(new URL(url, base).href) });
  return scripts.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/** First-load JS of each route: [{ path, files, gzipBytes, scripts }]. */
export async function pageJs(base, routes = BUYER_ROUTES) {
  const rows = [];
  for (const path of routes) {
    const scripts = await documentScripts(base, path);
    rows.push({
      path,
      files: scripts.length,
      gzipBytes: scripts.reduce((s, x) => s + x.gzipBytes, 0),
      scripts,
    });
  }
  return rows;
}

const kB = (bytes) => (bytes / 1024).toFixed(1);

/** Prints the table; returns the routes over budget. */
export function printPageJs(rows, { files = false } = {}) {
  console.log(`\nfirst-load JS per page (gzip, budget ${BUDGET_KB} kB)\n`);
  console.log('page'.padEnd(40), 'kB'.padStart(7), 'files'.padStart(6));
  const over = [];
  for (const r of rows) {
    const isOver = r.gzipBytes > BUDGET_KB * 1024;
    if (isOver) over.push(r.path);
    console.log(
      r.path.padEnd(40),
      kB(r.gzipBytes).padStart(7),
      String(r.files).padStart(6),
      isOver ? ' over' : '',
    );
    if (files) for (const s of r.scripts) console.log(`  ${kB(s.gzipBytes).padStart(6)}  ${s.url}`);
  }
  const max = rows.reduce((m, r) => Math.max(m, r.gzipBytes), 0);
  console.log(
    over.length
      ? `\n${over.length} of ${rows.length} pages over ${BUDGET_KB} kB (largest ${kB(max)} kB)`
      : `\nevery page within ${BUDGET_KB} kB (largest ${kB(max)} kB)`,
  );
  return over;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const base = args.find((a) => /^https?:\/\//.test(a)) ?? 'http://127.0.0.1:3000';
  const paths = args.filter((a) => a.startsWith('/'));
  const rows = await pageJs(base, paths.length ? paths : BUYER_ROUTES);
  if (printPageJs(rows, { files: args.includes('--files') }).length) process.exitCode = 1;
}

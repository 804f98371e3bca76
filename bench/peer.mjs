#!/usr/bin/env node
// `npm run bench -- --peer` or `node bench/peer.mjs` (issue 16, "a peer, side by side"): our shop and
// a peer commerce server, Vendure on SQLite, run on this machine in the same run and loaded with the
// same autocannon settings as bench/run.mjs: a 16-product list, a product detail, add-to-cart.
// Vendure is installed on demand outside the npm workspaces (var/peer/vendure-<version>, git-ignored;
// the first run installs, later runs reuse it) and seeded once from our own demo catalog: one product
// per goods, one variant per SKU or face value, same names and prices (bench/peer/vendure.mjs).
// Why this peer and config: var/decision-peer.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { processStarter } from './processes.mjs';

export const VENDURE_VERSION = '3.7.3';
const BETTER_SQLITE3_VERSION = '12.11.1';
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/**
 * The peer answers a request in a second or more at 50 connections: it is loaded longer so that the
 * first second (no answer back yet) weighs less in its average (in its favour).
 */
const PEER_DURATION = Number(process.env.BENCH_PEER_DURATION ?? Math.max(DURATION, 15));
/** Buyers (ours) and guest sessions (peer) add-to-cart rotates over: no line ever reaches its cap. */
const SESSIONS = 50;
const DEMO_BUYER = { account: 'buyer@demo.test', password: 'demo1234' };
/** Bump when bench/peer/vendure.mjs seeds differently: the cached peer database is made again. */
const SEED_VERSION = 2;

const here = path.dirname(fileURLToPath(import.meta.url));

/** Same as bench/run.mjs startProcess (used when this file runs alone). */
const starter = (root) => processStarter(root, { timeoutMs: 120_000 });

/** Installs the pinned Vendure into var/peer once; later runs reuse it. Returns its directory. */
export function ensureVendure(root) {
  const dir = path.join(root, 'var/peer', `vendure-${VENDURE_VERSION}`);
  const marker = path.join(dir, '.installed');
  const want = JSON.stringify({ vendure: VENDURE_VERSION, betterSqlite3: BETTER_SQLITE3_VERSION });
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === want) {
    console.log(`peer: Vendure ${VENDURE_VERSION} (installed in ${path.relative(root, dir)})`);
    return dir;
  }
  console.log(
    `peer: installing Vendure ${VENDURE_VERSION} with better-sqlite3 ${BETTER_SQLITE3_VERSION} into ` +
      `${path.relative(root, dir)} (first run only, from the npm registry, outside the workspaces; ` +
      'a few minutes: better-sqlite3 may compile)…',
  );
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify(
      {
        name: 'shop-bench-peer-vendure',
        private: true,
        description: 'Installed by bench/peer.mjs; not part of the shop',
        dependencies: { '@vendure/core': VENDURE_VERSION, 'better-sqlite3': BETTER_SQLITE3_VERSION },
      },
      null,
      2,
    ) + '\n',
  );
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`peer: npm install of Vendure ${VENDURE_VERSION} failed`);
  fs.writeFileSync(marker, want);
  return dir;
}

async function json(url, init) {
  const res = await fetch(url, init);
  return res.json();
}

const post = (body, headers = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** Our catalog as the peer imports it: every goods with its options (SKUs or face values). */
async function ourCatalog(base) {
  const ids = new Set();
  const walk = async (nodes) => {
    for (const n of nodes ?? []) {
      for (let page = 1; ; page++) {
        const p = await json(`${base}/api/front/category/goods?id=${n.id}&page=${page}&limit=50`);
        for (const g of p.data.list) ids.add(g.id);
        if (p.data.list.length < 50) break;
      }
      await walk(n.children);
    }
  };
  await walk((await json(`${base}/api/front/category/list`)).data);
  const goods = [];
  for (const id of [...ids].sort((a, b) => a - b)) {
    const g = (await json(`${base}/api/front/goods/detail?id=${id}`)).data;
    const options = g.spec_type === 2 ? g.face_values : g.skus;
    goods.push({
      id: g.id,
      name: g.name,
      description: g.description,
      category: g.category.name,
      recharge_type: g.recharge_type,
      options: options.map((o) => ({
        label: o.label ?? o.spec,
        price: o.price,
        stock: o.stock,
        sku: o.id ?? null,
        face_value: o.face_value ?? null,
      })),
    });
  }
  return goods;
}

/** Seeds the peer's database once (reused while the catalog and the seed are the same). */
function ensurePeerSeeded(root, peerDir, catalog) {
  const seedDir = path.join(peerDir, 'seed');
  const seeded = path.join(seedDir, 'vendure.sqlite');
  const marker = path.join(seedDir, '.seeded');
  const want = JSON.stringify({ SEED_VERSION, catalog });
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === want) return seeded;
  console.log(`peer: seeding Vendure with our ${catalog.length} goods…`);
  fs.rmSync(seedDir, { recursive: true, force: true });
  fs.mkdirSync(seedDir, { recursive: true });
  const catalogFile = path.join(seedDir, 'catalog.json');
  fs.writeFileSync(catalogFile, JSON.stringify(catalog));
  const r = spawnSync(process.execPath, [path.join(here, 'peer/vendure.mjs'), 'seed', seeded, catalogFile], {
    cwd: root,
    env: { ...process.env, PEER_DIR: peerDir, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  if (r.status !== 0 || !fs.existsSync(seeded)) throw new Error('peer: seeding Vendure failed');
  fs.writeFileSync(marker, want);
  return seeded;
}

/** Buyers of ours for add-to-cart: copies of the demo buyer (same password), each logged in. */
async function ourBuyers(base, dbFile, count) {
  const db = new Database(dbFile);
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare(
    `insert or ignore into users (email, password_hash, nickname, created_at, updated_at)
     select ?, password_hash, nickname, created_at, updated_at from users where email = ?`,
  );
  const accounts = Array.from({ length: count }, (_, i) => `peer-bench-${i + 1}@demo.test`);
  db.transaction(() => accounts.forEach((a) => insert.run(a, DEMO_BUYER.account)))();
  db.close();
  const tokens = [];
  for (const account of accounts) {
    const body = await json(`${base}/api/front/app/login`, post({ account, password: DEMO_BUYER.password }));
    if (!body.data?.token) throw new Error(`login of ${account} failed: ${JSON.stringify(body)}`);
    tokens.push(body.data.token);
  }
  return tokens;
}

const gql = (query, variables) => ({ query, variables });
const SEEDED = `query Seeded($take: Int) { products(options: { take: $take }) {
  totalItems items { id slug variants { id sku } } } }`;
/** A storefront's product listing on Vendure: the search index, one row per product. */
const PRODUCT_LIST = `query List($take: Int) { search(input: { take: $take, groupByProduct: true }) {
  totalItems items { productId productName slug productAsset { preview }
  priceWithTax { ... on PriceRange { min max } ... on SinglePrice { value } } currencyCode inStock } } }`;
const PRODUCT_DETAIL = `query Detail($id: ID!) { product(id: $id) {
  id name slug description featuredAsset { preview } assets { preview }
  facetValues { id name facet { name } } optionGroups { id name options { id name } }
  variants { id name sku priceWithTax currencyCode stockLevel options { id name } } } }`;
const ADD_TO_CART = `mutation Add($id: ID!, $qty: Int!) { addItemToOrder(productVariantId: $id, quantity: $qty) {
  ... on Order { id code totalQuantity totalWithTax }
  ... on ErrorResult { errorCode message } } }`;

/** One autocannon run; `next` (optional) gives each request its headers and body in turn. */
function load(
  url,
  { method = 'GET', headers = {}, body, next, check, duration = DURATION, connections = CONNECTIONS } = {},
) {
  return new Promise((resolve, reject) => {
    let failed = 0;
    const request = {
      method,
      headers,
      ...(body ? { body } : {}),
      ...(next ? { setupRequest: (req) => ({ ...req, ...next() }) } : {}),
      ...(check ? { onResponse: (status, text) => void (check(text) || failed++) } : {}),
    };
    autocannon({ url, connections, duration, timeout: 60, requests: [request] }, (err, result) => {
      if (err) return reject(err);
      if (result.non2xx > 0 || result.errors > 0 || failed > 0) {
        return reject(
          new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${failed} refused`),
        );
      }
      resolve({ rps: result.requests.average, p99: result.latency.p99, total: result.requests.total });
    });
  });
}

const warm = (url, opts) => load(url, { ...opts, duration: 1, connections: 10 }).catch(() => undefined);

/**
 * Waits until a server has worked off what a run left in flight (a request answered within 100 ms),
 * so that it never competes with the next case.
 */
async function settle(url) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const started = Date.now();
    await fetch(url).catch(() => undefined);
    if (Date.now() - started < 100) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Runs the comparison. `startProcess` is bench/run.mjs's (or this file's own when run alone);
 * `shopArgs` start our API as bench/run.mjs does.
 */
export async function peerBench({ root, startProcess = starter(root), shopArgs }) {
  if (process.env.DATABASE_URL) {
    throw new Error('bench/peer.mjs compares both shops on SQLite: unset DATABASE_URL to run it');
  }
  const peerDir = ensureVendure(root);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-peer-'));
  // Ours as bench/run.mjs starts it (demo catalog, default read cache), login limits raised so 50
  // buyers can sign in at once; and a second one with the read cache off (what the peer never has).
  const shopEnv = {
    NODE_ENV: 'test',
    RATE_LIMIT_PER_IP: '1000000',
    RATE_LIMIT_PER_ACCOUNT: '1000000',
  };
  const stops = [];
  const rows = [];
  try {
    const ours = await startProcess(
      shopArgs,
      { ...shopEnv, DATA_DIR: path.join(dataDir, 'ours') },
      '/readyz',
    );
    stops.push(ours.stop);
    const uncached = await startProcess(
      shopArgs,
      { ...shopEnv, DATA_DIR: path.join(dataDir, 'ours-uncached'), CACHE_TTL_MS: '0' },
      '/readyz',
    );
    stops.push(uncached.stop);

    const catalog = await ourCatalog(ours.base);
    const seeded = ensurePeerSeeded(root, peerDir, catalog);
    // Each run starts from a copy of the seeded database: carts of earlier runs do not pile up.
    const peerDb = path.join(dataDir, 'vendure.sqlite');
    fs.copyFileSync(seeded, peerDb);
    const peer = await starter(root)(
      [path.join(here, 'peer/vendure.mjs'), 'serve', peerDb],
      { PEER_DIR: peerDir, NODE_ENV: 'production' },
      '/health',
    );
    stops.push(peer.stop);
    const shopApi = `${peer.base}/shop-api`;

    // Product list: ours lists every goods in one page of the search (empty keyword) when it can,
    // else the longest category; the peer lists the same number of products.
    let list = `${ours.base}/api/front/goods/search?keyword=&page=1&limit=${catalog.length}`;
    let listed = (await json(list)).data?.list?.length ?? 0;
    if (listed !== catalog.length) {
      const cats = (await json(`${ours.base}/api/front/category/list`)).data.map((c) => c.id);
      for (const id of cats) {
        const url = `${ours.base}/api/front/category/goods?id=${id}&page=1&limit=${catalog.length}`;
        const n = (await json(url)).data.list.length;
        if (n > listed || list.includes('search')) [list, listed] = [url, n];
      }
    }
    const listPath = list.slice(ours.base.length);
    const peerList = JSON.stringify(gql(PRODUCT_LIST, { take: listed }));
    const seededProducts = (await json(shopApi, post(gql(SEEDED, { take: 100 })))).data?.products;
    if (seededProducts?.totalItems !== catalog.length) {
      throw new Error(`peer: ${seededProducts?.totalItems} products seeded, ${catalog.length} expected`);
    }
    // Our goods n is the peer's product `goods-n`, its option i the variant `G<n>-<i + 1>`.
    const productOf = new Map(seededProducts.items.map((p) => [p.slug, p.id]));
    const variantOf = new Map(seededProducts.items.flatMap((p) => p.variants.map((v) => [v.sku, v.id])));
    const detailId = catalog[0].id;
    const peerDetail = JSON.stringify(gql(PRODUCT_DETAIL, { id: productOf.get(`goods-${detailId}`) }));

    // Add-to-cart: the options that are not direct top-ups (no supplier call) and have stock for a
    // full line, each request the next buyer and option in turn, one of each per request.
    const options = catalog.flatMap((g) =>
      g.recharge_type === 2
        ? []
        : g.options
            .map((o, i) => ({ ...o, goods_id: g.id, variant: variantOf.get(`G${g.id}-${i + 1}`) }))
            .filter((o) => o.stock === null || o.stock >= 99),
    );
    const tokens = await ourBuyers(ours.base, path.join(dataDir, 'ours/shop.db'), SESSIONS);
    const guestTokens = [];
    for (let i = 0; i < SESSIONS; i++) {
      const res = await fetch(
        shopApi,
        post(gql(ADD_TO_CART, { id: options[i % options.length].variant, qty: 1 })),
      );
      const body = await res.json();
      if (!body.data?.addItemToOrder?.code)
        throw new Error(`peer add-to-cart failed: ${JSON.stringify(body)}`);
      guestTokens.push(res.headers.get('vendure-auth-token'));
    }
    let n = 0;
    const turn = (pool) => {
      const i = n++;
      return { token: pool[i % pool.length], option: options[Math.floor(i / pool.length) % options.length] };
    };
    const ourAdd = () => {
      const { token, option } = turn(tokens);
      const item = { goods_id: option.goods_id, num: 1 };
      if (option.sku !== null) item.goods_sku_id = option.sku;
      else item.face_value = option.face_value;
      return {
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify({ items: [item], is_buy_now: 0 }),
      };
    };
    const peerAdd = () => {
      const { token, option } = turn(guestTokens);
      return {
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(gql(ADD_TO_CART, { id: option.variant, qty: 1 })),
      };
    };
    const ourOk = (text) => text.includes('"code":200');
    const peerOk = (text) => text.includes('"totalQuantity"') && !text.includes('"errors"');
    const gqlPost = (body) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const atOurs = { ready: `${ours.base}/readyz` };
    const atUncached = { ready: `${uncached.base}/readyz` };
    const atPeer = { ready: `${peer.base}/health`, duration: PEER_DURATION };

    const cases = [
      [
        `product list (${listed})`,
        [
          ['ours', ours.base + listPath, atOurs],
          ['ours, cache off', uncached.base + listPath, atUncached],
          ['Vendure', shopApi, { ...atPeer, ...gqlPost(peerList), check: (t) => t.includes('"totalItems"') }],
        ],
      ],
      [
        'product detail',
        [
          ['ours', `${ours.base}/api/front/goods/detail?id=${detailId}`, atOurs],
          ['ours, cache off', `${uncached.base}/api/front/goods/detail?id=${detailId}`, atUncached],
          ['Vendure', shopApi, { ...atPeer, ...gqlPost(peerDetail), check: (t) => t.includes('"variants"') }],
        ],
      ],
      [
        'add to cart',
        [
          [
            'ours',
            `${ours.base}/api/front/goods/cart/add`,
            { ...atOurs, method: 'POST', next: ourAdd, check: ourOk },
          ],
          ['Vendure', shopApi, { ...atPeer, method: 'POST', next: peerAdd, check: peerOk }],
        ],
      ],
    ];
    console.log(
      `peer: ours list ${listPath}; Vendure shop-api search(take: ${listed}), product(id), ` +
        `addItemToOrder over ${options.length} variants × ${SESSIONS} sessions`,
    );
    for (const [name, runs] of cases) {
      const row = { name, runs: [] };
      for (const [who, url, opts] of runs) {
        await warm(url, opts);
        await settle(opts.ready);
        n = 0;
        row.runs.push({ who, ...(await load(url, opts)) });
        await settle(opts.ready);
      }
      rows.push(row);
    }
  } finally {
    for (const stop of stops.reverse()) await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  printPeer(rows);
  return rows;
}

export function printPeer(rows) {
  console.log(
    `\nours vs Vendure ${VENDURE_VERSION} (SQLite, better-sqlite3), same run; autocannon ${CONNECTIONS} connections, ` +
      `${DURATION}s per case (peer ${PEER_DURATION}s), ${os.cpus().length} cores, node ${process.version}\n`,
  );
  console.log(
    'case'.padEnd(20),
    'server'.padEnd(16),
    'req/s'.padStart(8),
    'p99 ms'.padStart(7),
    '  ours/peer req/s',
  );
  for (const row of rows) {
    const peer = row.runs.find((r) => r.who === 'Vendure');
    for (const r of row.runs) {
      const ratio = r === peer ? '(peer)' : `${(r.rps / peer.rps).toFixed(1)}×`;
      console.log(
        (r === row.runs[0] ? row.name : '').padEnd(20),
        r.who.padEnd(16),
        r.rps.toFixed(0).padStart(8),
        String(r.p99).padStart(7),
        `  ${ratio}`,
      );
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(here, '..');
  await peerBench({ root, shopArgs: ['--import', 'tsx', 'apps/api/src/server.ts'] });
}

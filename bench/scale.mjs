// `npm run bench -- --scale` (issue 16): the buyers' reads at demo size and at scale, per engine.
// For each engine (SQLite; PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server)
// a shop of the demo's size (a fresh database with the demo seed) and the scale shop of the console
// bench (seeded once with `npm run seed:scale`, bench/console.mjs scaleShops) run side by side, and
// each case is asked of both in turn, one request at a time: p50/p95 of BENCH_SCALE_SAMPLES
// requests to each after a warm-up, with the read cache off (CACHE_TTL_MS=0). Alternating puts the
// machine's hiccups on both sides alike (decision 050).
// Budget: p95 at scale within 2× of demo size for every case.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pgTarget, quantile, SCALE, scaleShops, timed } from './console.mjs';

const BUDGET_RATIO = 2;
const SAMPLES = Number(process.env.BENCH_SCALE_SAMPLES ?? 300);
const WARM_UP = 20;
const DEMO_BUYER = { account: 'buyer@demo.test', password: 'demo1234' };
/** A seeded buyer of the scale shop (apps/api/src/seed/scale.ts), about 10 orders each. */
const SCALE_BUYER = { account: 'scale-1@scale.test', password: 'scale1234' };

async function json(url, init) {
  const res = await fetch(url, init);
  return res.json();
}

async function login(base, who) {
  const body = await json(`${base}/api/front/app/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (!body.data?.token) throw new Error(`login of ${who.account} failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

/** The category whose goods list is the longest among the first categories (a real page to walk). */
async function biggestCategory(base) {
  const list = await json(`${base}/api/front/category/list`);
  const ids = [];
  const walk = (nodes) => {
    for (const n of nodes ?? []) {
      ids.push(n.id);
      walk(n.children);
    }
  };
  walk(list.data);
  let best = { id: ids[0], total: -1 };
  for (const id of ids.slice(0, 12)) {
    const page = await json(`${base}/api/front/category/goods?id=${id}&page=1&limit=20`);
    if ((page.data?.total ?? 0) > best.total) best = { id, total: page.data.total };
  }
  return best;
}

/** The newest goods id (at scale: a seeded one, deep in the table). */
async function newestGoods(base, category) {
  const page = await json(`${base}/api/front/category/goods?id=${category}&page=1&limit=1&sort=newest`);
  return page.data?.list?.[0]?.id ?? 1;
}

/** The cases of one shop: what a buyer and a crawler ask for most. */
async function cases(base) {
  const category = await biggestCategory(base);
  const goods = await newestGoods(base, category.id);
  const deep = Math.max(1, Math.floor(category.total / 20 / 2));
  const [demoToken, scaleToken] = await Promise.all([
    login(base, DEMO_BUYER),
    login(base, SCALE_BUYER).catch(() => null),
  ]);
  const buyer = scaleToken ?? demoToken;
  return [
    ['goods detail', `${base}/api/front/goods/detail?id=${goods}`, ''],
    ['module goods', `${base}/api/front/customModule/goods?id=1`, ''],
    ['category goods, page 1', `${base}/api/front/category/goods?id=${category.id}&page=1&limit=20`, ''],
    [
      'category goods by sales, p. 1',
      `${base}/api/front/category/goods?id=${category.id}&page=1&limit=20&sort=sales`,
      '',
    ],
    [
      `category goods, middle page`,
      `${base}/api/front/category/goods?id=${category.id}&page=${deep}&limit=20`,
      '',
    ],
    [
      'search "星穹"',
      `${base}/api/front/goods/search?keyword=${encodeURIComponent('星穹')}&page=1&limit=20`,
      '',
    ],
    ['search "card"', `${base}/api/front/goods/search?keyword=card&page=1&limit=20`, ''],
    // A typo (of "Starbound") and two keywords: every match ranked, typo variants looked up.
    ['search "starbond" (a typo)', `${base}/api/front/goods/search?keyword=starbond&page=1&limit=20`, ''],
    [
      'search "starbound voyager"',
      `${base}/api/front/goods/search?keyword=${encodeURIComponent('starbound voyager')}&page=1&limit=20`,
      '',
    ],
    ["a buyer's order list", `${base}/api/front/order/list?page=1&limit=10`, buyer],
    ["a buyer's asset log", `${base}/api/front/user/balanceLog?page=1&limit=20`, buyer],
  ];
}

/** A shop of the bench, the read cache off: what a crawler of 100k goods meets, what the database answers. */
function startShop(startProcess, shopArgs, env) {
  return startProcess(
    shopArgs,
    {
      NODE_ENV: 'test',
      CAPTCHA_DISABLED: '1',
      RATE_LIMIT_PER_IP: '1000000',
      RATE_LIMIT_PER_ACCOUNT: '1000000',
      CACHE_TTL_MS: '0',
      ...env,
    },
    '/readyz',
  );
}

/** p50/p95 of each side's times, sorted here. */
function summary(times) {
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

/**
 * Every case asked of the demo shop and the scale shop in turn (demo, scale, demo, …), after a
 * warm-up of each: [{ name, demo, scale }] with p50/p95 in ms, or an error.
 */
async function alternate(demoBase, scaleBase) {
  const [demoCases, scaleCases] = await Promise.all([cases(demoBase), cases(scaleBase)]);
  const out = [];
  for (let c = 0; c < demoCases.length; c++) {
    const [name, demoUrl, demoToken] = demoCases[c];
    const [, scaleUrl, scaleToken] = scaleCases[c];
    const sides = [
      { url: demoUrl, token: demoToken, times: [] },
      { url: scaleUrl, token: scaleToken, times: [] },
    ];
    let error;
    for (let i = 0; i < WARM_UP + SAMPLES && !error; i++) {
      for (const side of sides) {
        const r = await timed(side.url, side.token);
        if (r.status !== 200) error = `HTTP ${r.status}`;
        else if (i >= WARM_UP) side.times.push(r.ms);
      }
    }
    out.push(
      error ? { name, error } : { name, demo: summary(sides[0].times), scale: summary(sides[1].times) },
    );
  }
  return out;
}

export async function scaleBench({ root, startProcess, shopArgs }) {
  const shops = await scaleShops(root);
  const rows = [];
  for (const { engine, env } of shops) {
    // Demo size on the same engine: a fresh database with the demo seed.
    const demoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-demo-'));
    let demoEnv = { DATA_DIR: demoDir };
    let dropDemo = async () => {};
    if (engine === 'PostgreSQL') {
      const target = pgTarget();
      const admin = new pg.Client({ connectionString: target.admin });
      await admin.connect();
      await admin.query('DROP DATABASE IF EXISTS shop_bench_demo WITH (FORCE)');
      await admin.query('CREATE DATABASE shop_bench_demo');
      await admin.end();
      demoEnv = {
        DATA_DIR: demoDir,
        DATABASE_URL: target.url.replace(/shop_bench_scale$/, 'shop_bench_demo'),
      };
      dropDemo = async () => {
        const c = new pg.Client({ connectionString: target.admin });
        await c.connect();
        await c.query('DROP DATABASE IF EXISTS shop_bench_demo WITH (FORCE)');
        await c.end();
      };
    }
    try {
      const demoShop = await startShop(startProcess, shopArgs, demoEnv);
      try {
        const scaleShop = await startShop(startProcess, shopArgs, env);
        try {
          for (const row of await alternate(demoShop.base, scaleShop.base)) rows.push({ engine, ...row });
        } finally {
          await scaleShop.stop();
        }
      } finally {
        await demoShop.stop();
      }
    } finally {
      await dropDemo();
      fs.rmSync(demoDir, { recursive: true, force: true });
    }
  }

  console.log(
    `\nbuyers' reads at scale: ${SCALE.goods.toLocaleString('en')} goods, ${SCALE.orders.toLocaleString('en')} orders, ` +
      `${SCALE.buyers.toLocaleString('en')} buyers, against the demo's size, asked in turn, ${SAMPLES} requests each ` +
      `after ${WARM_UP}; ${os.cpus().length} cores, node ${process.version}\n`,
  );
  console.log(
    'engine'.padEnd(11),
    'case'.padEnd(30),
    'demo p50'.padStart(9),
    'demo p95'.padStart(9),
    'scale p50'.padStart(10),
    'scale p95'.padStart(10),
    'ratio'.padStart(6),
  );
  let over = false;
  for (const { engine, name, error, demo, scale } of rows) {
    if (error) {
      console.log(engine.padEnd(11), name.padEnd(30), `  ${error}`);
      over = true;
      continue;
    }
    const ratio = scale.p95 / demo.p95;
    if (ratio > BUDGET_RATIO) over = true;
    console.log(
      engine.padEnd(11),
      name.padEnd(30),
      demo.p50.toFixed(1).padStart(9),
      demo.p95.toFixed(1).padStart(9),
      scale.p50.toFixed(1).padStart(10),
      scale.p95.toFixed(1).padStart(10),
      ratio.toFixed(2).padStart(6),
      ratio > BUDGET_RATIO ? '  over budget' : '',
    );
  }
  console.log(`\nbudget: p95 at scale within ${BUDGET_RATIO}× of demo size (issue 16)`);
  if (over) process.exitCode = 1;
}

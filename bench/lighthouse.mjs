// Lighthouse (mobile, simulated throttling) on pages of a running shop, with Debian's Chromium,
// and the first-load JS of a page: the gzip size of every script its document loads.
// Used by bench/run.mjs; also runnable alone (every page of AUDITED_PAGES when no path is given):
//   node bench/lighthouse.mjs http://127.0.0.1:3000 [/ /category/goods/1 '/user/order/checkout/{oid}' …]
// Signed-in pages (checkout, order detail) are audited as the demo buyer: the bench logs in through
// the API, orders a card, and puts the token where the web app keeps it (localStorage `token` and
// the `session` cookie, apps/web/app/lib/token-storage.ts) before Lighthouse loads the page,
// without its storage reset.
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** The demo buyer (apps/api/src/seed) and the demo goods of each kind. */
const DEMO_BUYER = { account: 'buyer@demo.test', password: 'demo1234' };
const GOODS = { topUp: 1, cardKey: 7, shipped: 13 };

/**
 * The pages issue 16 budgets: `/`, a category, a goods page of each kind (direct top-up with player
 * fields, card keys, shipped goods), search, and — signed in — a checkout and an order's detail.
 * `{oid}` is the order signIn() made.
 */
export const AUDITED_PAGES = [
  { path: '/' },
  { path: '/category/1' },
  { path: `/category/goods/${GOODS.topUp}` },
  { path: `/category/goods/${GOODS.cardKey}` },
  { path: `/category/goods/${GOODS.shipped}` },
  { path: '/search?keyword=%E6%98%9F', uncrawlable: 'noindex, follow (routes/search.tsx)' },
  { path: '/user/order/checkout/{oid}', signedIn: true, uncrawlable: 'robots.txt: Disallow: /user/' },
  { path: '/user/order/detail/{oid}', signedIn: true, uncrawlable: 'robots.txt: Disallow: /user/' },
];

/**
 * The SEO score without the `is-crawlable` audit, for a page kept out of search engines on purpose
 * (search results, a buyer's orders): Lighthouse fails that audit for every noindex or
 * robots.txt-disallowed page, so its SEO score cannot reach 1 there by design.
 */
function seoWithoutCrawlable(lhr) {
  const refs = lhr.categories.seo.auditRefs.filter((r) => r.id !== 'is-crawlable' && r.weight > 0);
  const scored = refs.filter((r) => lhr.audits[r.id]?.score !== null && lhr.audits[r.id] !== undefined);
  const weight = scored.reduce((sum, r) => sum + r.weight, 0);
  return weight ? scored.reduce((sum, r) => sum + r.weight * lhr.audits[r.id].score, 0) / weight : null;
}

async function api(base, method, path, { token, body } = {}) {
  const response = await fetch(base + path, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: token } : {}),
      'idempotency-key': `lighthouse-${Date.now()}`,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  if (json.code !== 200) throw new Error(`${method} ${path}: ${json.code} ${json.msg}`);
  return json.data;
}

/** Logs the demo buyer in and orders one card (unpaid): `{ token, oid }`. */
export async function signIn(base) {
  const { token } = await api(base, 'POST', '/api/front/app/login', { body: DEMO_BUYER });
  const goods = await api(base, 'GET', `/api/front/goods/detail?id=${GOODS.cardKey}`);
  const item = goods.face_values?.length
    ? { goods_id: goods.id, face_value: goods.face_values[0].face_value, num: 1 }
    : { goods_id: goods.id, goods_sku_id: goods.skus[0].id, num: 1 };
  const { oid } = await api(base, 'POST', '/api/front/order/create', { token, body: { items: [item] } });
  return { token, oid };
}

/** Puts the token in the page origin's localStorage of the Chrome Lighthouse will drive. */
async function storeToken(port, origin, token) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    // …and its copy in the session cookie, as the web app keeps it for the server's render of an
    // order's pages (decision 049): a buyer who has visited since logging in has both.
    await page.context().addCookies([{ name: 'session', value: encodeURIComponent(token), url: origin }]);
    await page.close();
  } finally {
    await browser.close();
  }
}

async function auditOnce(url, token) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: FLAGS });
  try {
    if (token) await storeToken(chrome.port, new URL(url).origin, token);
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        // Keep the token (Lighthouse clears the origin's storage by default).
        disableStorageReset: Boolean(token),
      },
      // Lighthouse's default config: mobile form factor, simulated slow 4G and 4× CPU slowdown.
    );
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, result.lhr.categories[c].score]));
    const failed = Object.values(result.lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'notApplicable',
      )
      .map((a) => a.id);
    const error = result.lhr.runtimeError?.message;
    return {
      scores,
      failed,
      error,
      seoIndexable: seoWithoutCrawlable(result.lhr),
      lcp: result.lhr.audits['largest-contentful-paint']?.numericValue,
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * One Lighthouse run (as the buyer whose `token` is given, if any); once more when a category
 * comes back without a score (a flaky trace).
 */
export async function audit(url, token) {
  const first = await auditOnce(url, token);
  return Object.values(first.scores).some((v) => v === null) ? auditOnce(url, token) : first;
}

/** Every page of `pages` (AUDITED_PAGES by default): [{ path, scores, failed, error, lcp }]. */
export async function auditPages(base, pages = AUDITED_PAGES) {
  const session = pages.some((p) => p.signedIn) ? await signIn(base) : undefined;
  const rows = [];
  for (const page of pages) {
    const path = session ? page.path.replace('{oid}', session.oid) : page.path;
    const result = await audit(base + path, page.signedIn ? session.token : undefined);
    rows.push({ path, uncrawlable: page.uncrawlable, ...result });
  }
  return rows;
}

/** Sum of gzip sizes of the scripts a page's document loads (module scripts and modulepreloads). */
export async function firstLoadJs(base, path) {
  const html = await (await fetch(base + path)).text();
  const urls = new Set(
    [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map(
      (m) => m[1],
    ),
  );
  for (const m of html.matchAll(/import\s*(?:[^'"]*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) urls.add(m[1]);
  let total = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, base))).arrayBuffer());
    total += zlib.gzipSync(body, { level: 9 }).length;
  }
  return { files: urls.size, gzipBytes: total };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base, ...paths] = process.argv.slice(2);
  const pages = paths.length
    ? paths.map(
        (path) =>
          AUDITED_PAGES.find((p) => p.path === path) ?? {
            path,
            signedIn: path.startsWith('/user/') || path === '/cart',
          },
      )
    : AUDITED_PAGES;
  for (const { path, scores, failed, error, uncrawlable, seoIndexable } of await auditPages(base, pages)) {
    const below = failed.length ? `below 0.9: ${failed.join(', ')}` : '';
    const seo = uncrawlable ? `seo without is-crawlable ${seoIndexable} (${uncrawlable})` : '';
    console.log(path, scores, error ? `error: ${error}` : below, seo);
  }
  const js = await firstLoadJs(base, '/');
  console.log(`first-load JS of /: ${(js.gzipBytes / 1024).toFixed(1)} kB gzip in ${js.files} files`);
}

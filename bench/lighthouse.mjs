// Lighthouse (mobile, simulated throttling) on pages of a running shop, with Debian's Chromium,
// and the first-load JS of a page: the gzip size of every script its document loads.
// Used by bench/run.mjs; also runnable alone: node bench/lighthouse.mjs http://127.0.0.1:3000 / /category/goods/1
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

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

async function auditOnce(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
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
    return { scores, failed, error, lcp: result.lhr.audits['largest-contentful-paint']?.numericValue };
  } finally {
    await chrome.kill();
  }
}

/** One Lighthouse run; once more when a category comes back without a score (a flaky trace). */
export async function audit(url) {
  const first = await auditOnce(url);
  return Object.values(first.scores).some((v) => v === null) ? auditOnce(url) : first;
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
  for (const path of paths.length ? paths : ['/']) {
    const { scores, failed } = await audit(base + path);
    console.log(path, scores, failed.length ? `below 0.9: ${failed.join(', ')}` : '');
  }
  const js = await firstLoadJs(base, '/');
  console.log(`first-load JS of /: ${(js.gzipBytes / 1024).toFixed(1)} kB gzip in ${js.files} files`);
}

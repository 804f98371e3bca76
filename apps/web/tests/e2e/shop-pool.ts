// The e2e project's global setup (vitest.config.ts), decision 073:
// - a pool that keeps shops started ahead. Each test file still gets a shop of its own — a
//   fresh database seeded with the demo data, its own process and port — but the next one starts
//   while the current file runs, so the ~10 s a shop takes to start on this 2-core machine is no
//   longer paid file after file. One shop of the default settings and one of each of
//   harness.ts's SHOP_VARIANTS is started ahead, one start at a time; a shop taken is replaced by
//   another of the same settings (decision 084). With E2E_DATABASE_URL every shop is on one
//   PostgreSQL database, so none may start beside another: no pool then (nor with
//   E2E_SHOP_POOL=0);
// - one Chromium for every file, each file's pages in browser contexts of their own (a download
//   is read with harness.ts's downloadedText: `download.path()` does not exist over the
//   connection). With E2E_SHARED_BROWSER=0 each file launches its own Chromium.
//
// The pool is an HTTP server on 127.0.0.1 in vitest's main process; its address goes to the
// test files as `inject('shopPool')`. POST /take with the shop's settings (JSON) answers a
// started shop { baseUrl, dataDir } (the one started ahead, or a new one) and starts the next;
// POST /stop with a baseUrl stops that shop.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import {
  CHROME_ARGS,
  CHROME_PATH,
  hasChromium,
  poolKey,
  type Shop,
  type ShopEnv,
  SHOP_VARIANTS,
  startShop,
} from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The address of the e2e shop pool, or '' when shops start in the test files. */
    shopPool: string;
    /** The shared Chromium's WebSocket endpoint, or '' when each file launches its own. */
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  let browser: BrowserServer | undefined;
  if (hasChromium() && process.env.E2E_SHARED_BROWSER !== '0')
    browser = await chromium.launchServer({ executablePath: CHROME_PATH, args: CHROME_ARGS, headless: true });
  project.provide('browserEndpoint', browser?.wsEndpoint() ?? '');
  if (process.env.E2E_DATABASE_URL || process.env.E2E_SHOP_POOL === '0') {
    project.provide('shopPool', '');
    return async () => {
      await browser?.close();
    };
  }
  // Shops started ahead, by their settings (poolKey), and started one at a time: a shop's start is
  // CPU-bound, and the file that runs meanwhile needs the other core.
  const ahead = new Map<string, Promise<Shop>>();
  const lent = new Map<string, Shop>();
  let starting: Promise<unknown> = Promise.resolve();
  const queueStart = (env: ShopEnv): Promise<Shop> => {
    const shop = starting.then(() => startShop(env));
    // A shop that fails to start fails the file that takes it, with its output.
    shop.catch(() => undefined);
    starting = shop.catch(() => undefined);
    return shop;
  };
  const startAhead = (env: ShopEnv) => {
    const key = poolKey(env);
    if (!ahead.has(key)) ahead.set(key, queueStart(env));
  };
  // Nothing starts before the browser files do (the API files run first, on both cores).
  let variantsAhead = false;

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const answer = (status: number, data: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(data));
      };
      void (async () => {
        if (req.url === '/take') {
          const env = (body ? JSON.parse(body) : {}) as ShopEnv;
          const key = poolKey(env);
          // Taken straight away when started ahead; else started now, before any shop ahead.
          const taking = ahead.get(key) ?? startShop(env);
          ahead.delete(key);
          // The next file with these settings finds its shop started, too; after the first
          // file's, one of each variant the files declare (most files take the default).
          startAhead(env);
          if (!variantsAhead) {
            variantsAhead = true;
            startAhead({});
            for (const variant of Object.values(SHOP_VARIANTS)) startAhead(variant);
          }
          try {
            const shop = await taking;
            lent.set(shop.baseUrl, shop);
            answer(200, { baseUrl: shop.baseUrl, dataDir: shop.dataDir });
          } catch (error) {
            answer(500, { error: error instanceof Error ? error.message : String(error) });
          }
        } else if (req.url === '/stop') {
          const shop = lent.get(body);
          lent.delete(body);
          await shop?.stop();
          answer(200, { stopped: Boolean(shop) });
        } else answer(404, { error: `no ${req.url}` });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide('shopPool', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);

  return async () => {
    server.close();
    await browser?.close();
    const left = [...lent.values()];
    lent.clear();
    await Promise.all([
      ...left.map((shop) => shop.stop()),
      ...[...ahead.values()].map((shop) =>
        shop.then(
          (s) => s.stop(),
          () => undefined,
        ),
      ),
    ]);
  };
}

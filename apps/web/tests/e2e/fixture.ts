// What every journey shares: `testShop()` gives a test file (or a describe) the real shop, started
// once in beforeAll and stopped in afterAll with the Chromium it launched for its pages, and the
// steps each journey took by hand: a page in a language on a device, the demo buyer's token or a
// new buyer's, and a page that opens logged in. The shop and its processes are in harness.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import en from '../../app/i18n/en.json';
import zhCN from '../../app/i18n/zh-CN.json';
import adminAuthEn from '../../app/i18n/admin/auth.en.json';
import adminAuthZh from '../../app/i18n/admin/auth.zh-CN.json';
import { chromium } from 'playwright-core';
import { apiCall, fill, hydrated, launchBrowser, type Shop, type ShopEnv, startShop } from './harness';

export const T = { 'zh-CN': zhCN, en } as const;
export type Lang = keyof typeof T;

/** The buyer of the demo seed (apps/api/src/db/seed/): ¥500 on the balance. */
/** The demo owner (apps/api/src/seed/seed-demo.ts), as the console's header names them. */
export const OWNER = { email: 'owner@demo.test', password: 'owner1234', name: '店主' } as const;

const ADMIN_AUTH = { 'zh-CN': adminAuthZh, en: adminAuthEn } as const;

export const DEMO_BUYER = { account: 'buyer@demo.test', password: 'demo1234', nickname: '演示买家' } as const;

/** A phone: 390×844, touch, the mobile viewport meta honoured. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

/** A page that keeps its uncaught errors, so a journey can end with `expect(page.errors).toEqual([])`. */
export type TestPage = Page & { errors: string[] };

/**
 * The browser context of a page (a desktop 1280×800 unless a viewport is given), its language
 * cookie, and a script to run in each of its documents before the app's own.
 */
type PageOptions = BrowserContextOptions & { lang?: Lang; init?: () => void };

/**
 * A started shop of its own for a file or describe: from the pool of shop-pool.ts (started while
 * the file before ran, for the default settings and harness.ts's SHOP_VARIANTS), else started here.
 */
async function takeShop(env: ShopEnv): Promise<Shop> {
  const pool = inject('shopPool');
  if (!pool) return startShop(env);
  const res = await fetch(`${pool}/take`, { method: 'POST', body: JSON.stringify(env) });
  const body = (await res.json()) as { baseUrl: string; dataDir: string } | { error: string };
  if ('error' in body) throw new Error(body.error);
  return {
    ...body,
    async stop() {
      await fetch(`${pool}/stop`, { method: 'POST', body: body.baseUrl });
    },
  };
}

export function testShop(env: ShopEnv = {}) {
  let shop: Shop | undefined;
  // The run's one Chromium (shop-pool.ts), connected by the first page, whose close() closes this
  // file's contexts only; with E2E_SHARED_BROWSER=0 a Chromium of the file's own, launched by the
  // first page, so a file or describe that opens none starts no browser.
  let browser: Promise<Browser> | undefined;
  const openBrowser = () => {
    const endpoint = inject('browserEndpoint');
    return endpoint ? chromium.connect(endpoint) : launchBrowser();
  };

  beforeAll(async () => {
    shop = await takeShop(env);
  });
  afterAll(async () => {
    // A browser that failed to launch has already failed the test that asked for it.
    await browser?.then(
      (b) => b.close(),
      () => undefined,
    );
    await shop?.stop();
  });

  const started = (): Shop => {
    if (!shop) throw new Error('testShop(): the shop starts in beforeAll');
    return shop;
  };

  const fixture = {
    get baseUrl() {
      return started().baseUrl;
    },
    get dataDir() {
      return started().dataDir;
    },

    /** apiCall against this shop. */
    api<D>(method: 'GET' | 'POST', urlPath: string, options?: Parameters<typeof apiCall>[3]) {
      return apiCall<D>(fixture.baseUrl, method, urlPath, options);
    },

    /** A new page in a context of its own; close it with `page.context().close()`. */
    async page({ lang, init, ...options }: PageOptions = {}): Promise<TestPage> {
      const context = await (browser ??= openBrowser()).then((b) =>
        b.newContext({ viewport: { width: 1280, height: 800 }, ...options }),
      );
      // A step that never happens fails with its own message, well before the test's time limit.
      context.setDefaultTimeout(15_000);
      if (lang) await context.addCookies([{ name: 'language', value: lang, url: fixture.baseUrl }]);
      if (init) await context.addInitScript(init);
      const page = Object.assign(await context.newPage(), { errors: [] as string[] });
      page.on('pageerror', (e) => page.errors.push(e.message));
      return page;
    },

    /**
     * A page holding `token` where the app keeps it (SPEC §3), opened at `to` on `origin` (the
     * shop's own by default, the language cookie set there too) and hydrated; with `user`, once
     * the header's menu names that user.
     */
    async signedInPage(
      token: string,
      to: string,
      { origin, user, ...options }: PageOptions & { origin?: string; user?: string } = {},
    ): Promise<TestPage> {
      const page = await fixture.page(options);
      const base = origin ?? fixture.baseUrl;
      if (origin && options.lang)
        await page.context().addCookies([{ name: 'language', value: options.lang, url: origin }]);
      await page.goto(`${base}/404`);
      await page.evaluate((value) => localStorage.setItem('token', value), token);
      await page.goto(base + to);
      await hydrated(page);
      if (user) await userMenu(page, options.lang ?? 'zh-CN', user).waitFor();
      return page;
    },

    /** The owner signs in at /admin/login in a page of their own; resolves on the console's overview. */
    async consoleLogin(lang: Lang, options: Omit<PageOptions, 'lang'> = {}): Promise<TestPage> {
      const auth = ADMIN_AUTH[lang].login;
      const page = await fixture.page({ ...options, lang });
      await page.goto(`${fixture.baseUrl}/admin/login`);
      await hydrated(page);
      const form = page.getByTestId('admin-login');
      await form.getByLabel(auth.email, { exact: true }).fill(OWNER.email);
      await form.getByLabel(auth.password, { exact: true }).fill(OWNER.password);
      await form.getByRole('button', { name: auth.submit, exact: true }).click();
      await page.waitForURL(/\/admin$/);
      await page.getByTestId('admin-me').getByText(OWNER.name, { exact: true }).waitFor();
      return page;
    },

    /** Logs in through the API (the demo buyer unless told); returns the token. */
    async login(account: string = DEMO_BUYER.account, password: string = DEMO_BUYER.password) {
      const login = await fixture.api<{ token: string }>('POST', '/api/front/app/login', {
        body: { account, password },
      });
      expect(login.code, login.msg).toBe(200);
      return login.data.token;
    },

    /** The code last sent to `recipient` (mail or SMS, from the dev outbox) whose text matches `purpose`. */
    async code(recipient: string, purpose?: RegExp): Promise<string> {
      for (let i = 0; i < 50; i++) {
        const outbox = await fixture.api<{ list: Array<{ recipient: string; body: string }> }>(
          'GET',
          '/api/dev/outbox',
        );
        const sent = outbox.data.list.find(
          (m) => m.recipient === recipient && (purpose?.test(m.body) ?? true),
        );
        const code = sent && /\b(\d{6})\b/.exec(sent.body)?.[1];
        if (code) return code;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no code sent to ${recipient}`);
    },

    /** Signs up a new buyer (empty wallet) with the code mailed to a fresh address; returns the token. */
    async register(nickname: string): Promise<string> {
      const email = `${nickname.toLowerCase()}-${Date.now()}@example.test`;
      const sent = await fixture.api('POST', '/api/front/app/sendEmailcode', { body: { email } });
      expect(sent.code, sent.msg).toBe(200);
      const registered = await fixture.api<{ token: string }>('POST', '/api/front/app/register', {
        body: {
          account: email,
          code: await fixture.code(email),
          password: `${nickname.toLowerCase()}-pass-1`,
          nickname,
        },
      });
      expect(registered.code, registered.msg).toBe(200);
      return registered.data.token;
    },
  };
  return fixture;
}

/** The header's button that opens the account menu of the user named `name`. */
export const userMenu = (page: Page, lang: Lang, name: string) =>
  page.getByRole('button', { name: fill(T[lang].user.menu, { name }) });

/** The first pop-up (sonner toast) that says `text`. */
export const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** Counts the page's `method` requests to `pathname` from now on. */
export function countRequests(page: Page, method: string, pathname: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === pathname) count++;
  });
  return () => count;
}

/** Whether `locator`'s element has the focus. */
export const hasFocus = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** Where the journeys leave screenshots for a human to look at: the file `name` there. */
export function shotPath(name: string): string {
  const dir = process.env.E2E_SCREENSHOT_DIR ?? path.join(os.tmpdir(), 'shop-e2e-shots');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

/**
 * A full-page screenshot `name`, once toasts and fades have settled: no finite animation or
 * transition still running (a spinner's endless one does not count), at most 1 s.
 */
export async function shot(page: Page, name: string) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 1_000 },
    )
    .catch(() => undefined);
  await page.screenshot({ path: shotPath(name), fullPage: true });
}

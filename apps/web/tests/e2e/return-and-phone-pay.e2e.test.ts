// Issue 12, decision 032, in a real browser against the real shop and its payment sandbox:
// - the shop runs with HOST=127.0.0.1 and no PUBLIC_URL: a buyer who opens it as localhost is
//   sent to PUBLIC_URL's origin (the address it listens on), so after the sandbox Alipay page the
//   buyer comes back to the origin holding the login token, still logged in;
// - WeChat Pay on a phone (390×844, a phone's user agent) leaves for the H5 page and comes back to
//   the order, paid, without a QR code;
// - a balance short of the order is not preselected; the shortfall is shown before Pay with a
//   one-tap top-up of the difference (WeChat QR on the desktop, Alipay on the phone, which comes
//   back to the checkout), after which the balance pays.
// Both languages in each test; one shop for the file.
import { formatDecimalMoney } from '@shop/domain/money';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../app/i18n/en.json';
import zhCN from '../../app/i18n/zh-CN.json';
import { apiCall, fill, hasChromium, hydrated, launchBrowser, type Shop, startShop } from './harness';

const T = { 'zh-CN': zhCN, en } as const;
type Lang = keyof typeof T;
/** Demo catalog: PlayNest gift card, card keys (an order completes when paid), SKU ¥100.00. */
const CARD_GOODS = 8;
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: PHONE_UA,
};

let shop: Shop;
let browser: Browser;
let buyer = '';
/** The same shop under another name than PUBLIC_URL's. */
let alias = '';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const yuan = (amount: string) => formatDecimalMoney(amount, 'CNY');

type Order = { oid: string; status: string; pay_method: string | null; total_cny: string };

async function newOrder(token: string, lang: Lang): Promise<Order> {
  const goods = await apiCall<{ skus: Array<{ id: number }> }>(
    shop.baseUrl,
    'GET',
    `/api/front/goods/detail?id=${CARD_GOODS}`,
  );
  const created = await apiCall<{ oid: string }>(shop.baseUrl, 'POST', '/api/front/order/create', {
    body: { items: [{ goods_id: CARD_GOODS, goods_sku_id: goods.data.skus[0]!.id, num: 1 }] },
    token,
    lang,
    headers: { 'idempotency-key': `e2e-return-${Date.now()}-${Math.random().toString(36).slice(2)}` },
  });
  expect(created.code, created.msg).toBe(200);
  return orderOf(token, created.data.oid);
}

async function orderOf(token: string, oid: string): Promise<Order> {
  const body = await apiCall<Order>(shop.baseUrl, 'GET', `/api/front/order/detail?oid=${oid}`, { token });
  expect(body.code).toBe(200);
  return body.data;
}

async function balanceOf(token: string): Promise<string> {
  const info = await apiCall<{ balance: string }>(shop.baseUrl, 'GET', '/api/front/user/info', { token });
  expect(info.code).toBe(200);
  return info.data.balance;
}

/** A new buyer with an empty wallet, registered with the emailed code from the dev outbox. */
async function registerBuyer(): Promise<string> {
  const email = `short-${Date.now()}@example.test`;
  expect(
    (await apiCall(shop.baseUrl, 'POST', '/api/front/app/sendEmailcode', { body: { email } })).code,
  ).toBe(200);
  let code = '';
  for (let i = 0; i < 50 && !code; i++) {
    const outbox = (await (await fetch(`${shop.baseUrl}/api/dev/outbox`)).json()) as {
      data: { list: Array<{ recipient: string; body: string }> };
    };
    code = /\b(\d{6})\b/.exec(outbox.data.list.find((m) => m.recipient === email)?.body ?? '')?.[1] ?? '';
    if (!code) await new Promise((r) => setTimeout(r, 100));
  }
  const registered = await apiCall<{ token: string }>(shop.baseUrl, 'POST', '/api/front/app/register', {
    body: { account: email, code, password: 'short-pass-1', nickname: 'Short' },
  });
  expect(registered.code, registered.msg).toBe(200);
  return registered.data.token;
}

/** A page in `lang` holding `token` on the origin that `origin` leads to, opened at `to`. */
async function openAs(
  lang: Lang,
  to: string,
  token: string,
  options: { device?: BrowserContextOptions; origin?: string; name: string },
): Promise<Page & { errors: string[] }> {
  const origin = options.origin ?? shop.baseUrl;
  const context = await browser.newContext(options.device ?? DESKTOP);
  context.setDefaultTimeout(15_000);
  for (const url of [shop.baseUrl, alias]) await context.addCookies([{ name: 'language', value: lang, url }]);
  const page = Object.assign(await context.newPage(), { errors: [] as string[] });
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(`${origin}/404`);
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.goto(origin + to);
  await hydrated(page);
  await loggedIn(page, lang, options.name);
  return page;
}

function loggedIn(page: Page, lang: Lang, name: string) {
  return page.getByRole('button', { name: fill(T[lang].user.menu, { name }) }).waitFor();
}

const method = (page: Page, name: string) =>
  page.locator('main').getByRole('radio', { name: new RegExp(`^${escape(name)}`) });
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const detailUrl = (oid: string) => new RegExp(`^${escape(shop.baseUrl)}/user/order/detail/${oid}$`);

describe.skipIf(!hasChromium())('payment returns keep the session; phones pay; a short balance', () => {
  beforeAll(async () => {
    // No PUBLIC_URL: its default is the address the shop listens on (http://127.0.0.1:<port>).
    shop = await startShop({ PUBLIC_URL: '' });
    alias = shop.baseUrl.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();
    const login = await apiCall<{ token: string }>(shop.baseUrl, 'POST', '/api/front/app/login', {
      body: { account: 'buyer@demo.test', password: 'demo1234' },
    });
    expect(login.code).toBe(200);
    buyer = login.data.token;
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  it('a buyer who opened the shop as localhost is still logged in back from the sandbox Alipay page', async () => {
    for (const lang of ['zh-CN', 'en'] as const) {
      const t = T[lang];
      const order = await newOrder(buyer, lang);
      // Opened under another name: sent to PUBLIC_URL, where the token is stored and kept.
      const page = await openAs(lang, `/user/order/checkout/${order.oid}`, buyer, {
        origin: alias,
        name: '演示买家',
      });
      try {
        expect(page.url()).toBe(`${shop.baseUrl}/user/order/checkout/${order.oid}`);
        const main = page.locator('main');
        await method(page, t.payment.alipay).check();
        await main.getByRole('button', { name: t.checkout.pay, exact: true }).click();
        await page.waitForURL(/\/sandbox\/alipay\/gateway\.do\?/);
        const gateway = new URL(page.url()).searchParams;
        expect(gateway.get('return_url')).toBe(`${shop.baseUrl}/user/order/detail/${order.oid}`);
        expect(gateway.get('notify_url')).toBe(`${shop.baseUrl}/api/pay/notify/alipay`);
        await page.getByRole('button', { name: /Pay$/ }).click();

        // Back on the order, on the origin of the token: logged in, and the order is paid.
        await page.waitForURL(detailUrl(order.oid));
        await loggedIn(page, lang, '演示买家');
        await expect(main.getByTestId('page-login-prompt').count()).resolves.toBe(0);
        await expect
          .poll(() => main.getByTestId('order-status').getAttribute('data-status'))
          .toBe('completed');
        expect(await orderOf(buyer, order.oid)).toMatchObject({ status: 'completed', pay_method: 'alipay' });
        expect(page.errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    }
  });

  it('WeChat Pay on a phone leaves for the H5 page and comes back to the order, paid', async () => {
    for (const lang of ['zh-CN', 'en'] as const) {
      const t = T[lang];
      const order = await newOrder(buyer, lang);
      const page = await openAs(lang, `/user/order/checkout/${order.oid}`, buyer, {
        device: PHONE,
        name: '演示买家',
      });
      try {
        const main = page.locator('main');
        const wechat = method(page, t.payment.wechat);
        // On a phone WeChat Pay opens the app: no QR code to scan.
        await main.getByText(t.payFlow.wechatPhoneHint, { exact: true }).waitFor();
        await wechat.check();
        await main.getByRole('button', { name: t.checkout.pay, exact: true }).click();
        await page.waitForURL(/\/sandbox\/wechat\/h5\?/);
        const h5 = new URL(page.url());
        expect(h5.searchParams.get('redirect_url')).toBe(`${shop.baseUrl}/user/order/detail/${order.oid}`);
        await page.getByText(/H5/).first().waitFor();
        await expect(page.getByTestId('sandbox-amount').textContent()).resolves.toBe(`¥${order.total_cny}`);
        await page.getByRole('button', { name: /Pay$/ }).click();

        await page.waitForURL(detailUrl(order.oid));
        await loggedIn(page, lang, '演示买家');
        await expect
          .poll(() => main.getByTestId('order-status').getAttribute('data-status'))
          .toBe('completed');
        await main.getByText(t.payment.wechat, { exact: true }).waitFor();
        await expect(page.getByRole('dialog', { name: t.payment.wechatTitle }).count()).resolves.toBe(0);
        expect(await orderOf(buyer, order.oid)).toMatchObject({ status: 'completed', pay_method: 'wechat' });
        expect(page.errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    }
  });

  it('a short balance is not preselected; the shortfall is topped up in one tap, then the balance pays', async () => {
    const cases = [
      { lang: 'zh-CN', device: DESKTOP, via: 'wechat' },
      { lang: 'en', device: PHONE, via: 'alipay' },
    ] as const;
    for (const { lang, device, via } of cases) {
      const t = T[lang];
      const token = await registerBuyer();
      expect(await balanceOf(token)).toBe('0.00');
      const order = await newOrder(token, lang);
      const page = await openAs(lang, `/user/order/checkout/${order.oid}`, token, { device, name: 'Short' });
      try {
        const main = page.locator('main');
        const shortfall = main.getByTestId('checkout-shortfall');
        await shortfall.waitFor();
        // Before Pay: how much is missing, and the balance is not the chosen method.
        await expect(shortfall.getAttribute('data-short')).resolves.toBe(order.total_cny);
        await shortfall
          .getByText(fill(t.payFlow.shortTitle, { amount: yuan(order.total_cny) }), { exact: true })
          .waitFor();
        await expect(method(page, t.payment.balance).isChecked()).resolves.toBe(false);
        await expect(method(page, t.payment.alipay).isChecked()).resolves.toBe(true);

        const topUp = shortfall.getByRole('button', {
          name: fill(t.payFlow.topUp, { amount: yuan(order.total_cny), method: t.payment[via] }),
        });
        await topUp.click();
        if (via === 'wechat') {
          // The QR code of the top-up; the sandbox's page is opened as a link (nobody scans in a test).
          const dialog = page.getByRole('dialog', { name: t.payment.wechatTitle });
          await expect(dialog.getByTestId('qr-amount').textContent()).resolves.toBe(yuan(order.total_cny));
          const [wechat] = await Promise.all([
            page.context().waitForEvent('page'),
            dialog.getByRole('link', { name: t.payment.sandboxOpen }).click(),
          ]);
          await wechat.getByRole('button', { name: /Pay$/ }).click();
          await wechat.getByTestId('sandbox-paid').waitFor();
          await wechat.close();
          await dialog.waitFor({ state: 'detached' });
        } else {
          // Alipay (wap on the phone) comes back to this checkout, where the top-up is confirmed.
          await page.waitForURL(/\/sandbox\/alipay\/gateway\.do\?/);
          expect(new URL(page.url()).searchParams.get('method')).toBe('alipay.trade.wap.pay');
          await expect(page.getByTestId('sandbox-amount').textContent()).resolves.toBe(`¥${order.total_cny}`);
          await page.getByRole('button', { name: /Pay$/ }).click();
          await page.waitForURL(`${shop.baseUrl}/user/order/checkout/${order.oid}`);
          await loggedIn(page, lang, 'Short');
        }
        await toast(page, fill(t.payFlow.topUpDone, { amount: yuan(order.total_cny) })).waitFor();
        await shortfall.waitFor({ state: 'detached' });
        await expect.poll(() => method(page, t.payment.balance).isChecked()).toBe(true);
        expect(await balanceOf(token)).toBe(order.total_cny);

        await main.getByRole('button', { name: t.checkout.pay, exact: true }).click();
        await page.waitForURL(detailUrl(order.oid));
        await expect
          .poll(() => main.getByTestId('order-status').getAttribute('data-status'))
          .toBe('completed');
        expect(await orderOf(token, order.oid)).toMatchObject({ status: 'completed', pay_method: 'balance' });
        expect(await balanceOf(token)).toBe('0.00');
        expect(page.errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    }
  });
});

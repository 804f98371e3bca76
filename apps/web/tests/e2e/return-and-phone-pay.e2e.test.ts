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
import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BUYER, type Lang, PHONE, T, type TestPage, toast, testShop, userMenu } from './fixture';
import { fill, hasChromium, SHOP_VARIANTS } from './harness';

/** Demo catalog: PlayNest gift card, card keys (an order completes when paid), SKU ¥100.00. */
const CARD_GOODS = 8;
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
/** A phone, with a phone's user agent. */
const IPHONE: BrowserContextOptions = { ...PHONE, userAgent: PHONE_UA };

// No PUBLIC_URL: its default is the address the shop listens on (http://127.0.0.1:<port>).
const shop = testShop(SHOP_VARIANTS.noPublicUrl);
let buyer = '';
/** The same shop under another name than PUBLIC_URL's. */
let alias = '';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const yuan = (amount: string) => formatDecimalMoney(amount, 'CNY');

type Order = { oid: string; status: string; pay_method: string | null; total_cny: string };

async function newOrder(token: string, lang: Lang): Promise<Order> {
  const goods = await shop.api<{ skus: Array<{ id: number }> }>(
    'GET',
    `/api/front/goods/detail?id=${CARD_GOODS}`,
  );
  const created = await shop.api<{ oid: string }>('POST', '/api/front/order/create', {
    body: { items: [{ goods_id: CARD_GOODS, goods_sku_id: goods.data.skus[0]!.id, num: 1 }] },
    token,
    lang,
    headers: { 'idempotency-key': `e2e-return-${Date.now()}-${Math.random().toString(36).slice(2)}` },
  });
  expect(created.code, created.msg).toBe(200);
  return orderOf(token, created.data.oid);
}

async function orderOf(token: string, oid: string): Promise<Order> {
  const body = await shop.api<Order>('GET', `/api/front/order/detail?oid=${oid}`, { token });
  expect(body.code).toBe(200);
  return body.data;
}

async function balanceOf(token: string): Promise<string> {
  const info = await shop.api<{ balance: string }>('GET', '/api/front/user/info', { token });
  expect(info.code).toBe(200);
  return info.data.balance;
}

/** A page in `lang` holding `token` on the origin that `origin` leads to, opened at `to`. */
async function openAs(
  lang: Lang,
  to: string,
  token: string,
  options: { device?: BrowserContextOptions; origin?: string; name: string },
): Promise<TestPage> {
  const { device = DESKTOP, origin, name } = options;
  return shop.signedInPage(token, to, { lang, ...device, origin, user: name });
}

function loggedIn(page: Page, lang: Lang, name: string) {
  return userMenu(page, lang, name).waitFor();
}

const method = (page: Page, name: string) =>
  page.locator('main').getByRole('radio', { name: new RegExp(`^${escape(name)}`) });
const detailUrl = (oid: string) => new RegExp(`^${escape(shop.baseUrl)}/user/order/detail/${oid}$`);

describe.skipIf(!hasChromium())('payment returns keep the session; phones pay; a short balance', () => {
  beforeAll(async () => {
    alias = shop.baseUrl.replace('127.0.0.1', 'localhost');
    buyer = await shop.login();
  });

  it('a buyer who opened the shop as localhost is still logged in back from the sandbox Alipay page', async () => {
    for (const lang of ['zh-CN', 'en'] as const) {
      const t = T[lang];
      const order = await newOrder(buyer, lang);
      // Opened under another name: sent to PUBLIC_URL, where the token is stored and kept.
      const page = await openAs(lang, `/user/order/checkout/${order.oid}`, buyer, {
        origin: alias,
        name: DEMO_BUYER.nickname,
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
        await loggedIn(page, lang, DEMO_BUYER.nickname);
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
        device: IPHONE,
        name: DEMO_BUYER.nickname,
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
        await loggedIn(page, lang, DEMO_BUYER.nickname);
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
      { lang: 'en', device: IPHONE, via: 'alipay' },
    ] as const;
    for (const { lang, device, via } of cases) {
      const t = T[lang];
      const token = await shop.register('Short');
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

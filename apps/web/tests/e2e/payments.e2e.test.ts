// Online payments (issue 6) in a real browser against the real API and its built-in sandbox
// gateway (decision 019), in both languages: the demo buyer pays one order by balance, one on the
// sandbox Alipay page (back on the order's detail page, paid: the notification is processed before
// the redirect) and one by the sandbox WeChat QR code (its page opened from the QR panel; the
// checkout notices by polling), then finds all three paid in the order list and only the balance
// one in the asset log. The wallet is topped up through the sandbox Alipay (¥100) and WeChat Pay
// (a typed amount, after the form refused bad ones). Switched-off methods are not offered.
//
// One shop for the file (PUBLIC_URL is its own address, harness.ts); every test checks balances
// relative to what it found, so the tests do not depend on each other's order. The last test starts
// its own shop, since it turns switches off.
import { beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import path from 'node:path';
import { formatMinor, parseDecimal } from '@shop/domain/money';
import { countRequests, DEMO_BUYER, type Lang, T, type TestPage, toast, testShop } from './fixture';
import { addDefaultAddress, fill, hasChromium } from './harness';

/** Demo catalog (apps/api/src/db/seed/demo-catalog.ts): merchandise (paid orders wait in `delivering`), counted stock. */
const MOUSE_PAD = 15; // Neon Strike mouse pad: SKUs ¥89.00 (150 left), ¥109.00 (64 left)

type Order = { oid: string; status: string; pay_method: string | null; total_cny: string };

const shop = testShop();
let token = '';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const cny = (fen: number) => formatMinor(fen, 'CNY');

function call<T>(
  method: 'GET' | 'POST',
  urlPath: string,
  body?: unknown,
  { lang = 'zh-CN', headers }: { lang?: Lang; headers?: Record<string, string> } = {},
) {
  return shop.api<T>(method, urlPath, { body, token, lang, headers });
}

async function balanceFen(): Promise<number> {
  const info = await call<{ balance: string }>('GET', '/api/front/user/info');
  expect(info.code).toBe(200);
  return parseDecimal(info.data.balance, 'CNY')!;
}

async function order(oid: string): Promise<Order> {
  const body = await call<Order>('GET', `/api/front/order/detail?oid=${oid}`);
  expect(body.code).toBe(200);
  return body.data;
}

let orders = 0;
/** A new unpaid order for one mouse pad (SKU `sku`), straight through the API. */
async function newOrder(lang: Lang, sku = 0): Promise<Order> {
  const goods = await call<{ skus: Array<{ id: number }> }>('GET', `/api/front/goods/detail?id=${MOUSE_PAD}`);
  const created = await call<{ oid: string }>(
    'POST',
    '/api/front/order/create',
    { items: [{ goods_id: MOUSE_PAD, goods_sku_id: goods.data.skus[sku]!.id, num: 1 }] },
    { lang, headers: { 'idempotency-key': `e2e-payments-${Date.now()}-${++orders}` } },
  );
  expect(created.code, created.msg).toBe(200);
  return order(created.data.oid);
}

/** A page in `lang` holding the buyer's token (SPEC §3), opened at `to`. */
function openLoggedIn(lang: Lang, to: string): Promise<TestPage> {
  return shop.signedInPage(token, to, { lang, user: DEMO_BUYER.nickname });
}

const detailUrl = (oid: string) => new RegExp(`/user/order/detail/${oid}$`);

describe.skipIf(!hasChromium())('online payments and wallet top-ups of the demo buyer', () => {
  beforeAll(async () => {
    token = await shop.login();
    // The mouse pad ships (decision 030): the default address goes onto each new order.
    await addDefaultAddress(shop.baseUrl, token);
  });

  it.each(['zh-CN', 'en'] as const)(
    '%s: pays by balance, on the sandbox Alipay page and by the sandbox WeChat QR; lists and ledger agree',
    async (lang) => {
      const t = T[lang];
      const [byBalance, byAlipay, byWechat] = [
        await newOrder(lang),
        await newOrder(lang),
        await newOrder(lang),
      ];
      const price = parseDecimal(byBalance.total_cny, 'CNY')!;
      const before = await balanceFen();
      const page = await openLoggedIn(lang, `/user/order/checkout/${byBalance.oid}`);
      const main = page.locator('main');
      const method = (name: string) => main.getByRole('radio', { name: new RegExp(`^${escape(name)}`) });
      try {
        // Every switch is on in a fresh shop: all three methods, none marked unavailable.
        await main.getByTestId('checkout-pay').waitFor();
        await expect(method(t.payment.balance).isChecked()).resolves.toBe(true);
        for (const name of [t.payment.alipay, t.payment.wechat])
          await expect(method(name).isEnabled()).resolves.toBe(true);

        // 1. Balance: paid at once.
        await main.getByRole('button', { name: t.checkout.pay, exact: true }).click();
        await page.waitForURL(detailUrl(byBalance.oid));
        await toast(page, t.checkout.paySuccess).waitFor();
        await expect
          .poll(() => main.getByTestId('order-status').getAttribute('data-status'))
          .toBe('delivering');
        await expect(balanceFen()).resolves.toBe(before - price);

        // 2. Alipay: the sandbox's labelled page, Pay, and back on the order's detail page, paid.
        await page.goto(`${shop.baseUrl}/user/order/checkout/${byAlipay.oid}`);
        await method(t.payment.alipay).check();
        await main.getByRole('button', { name: t.checkout.pay, exact: true }).click();
        await page.waitForURL(/\/sandbox\/alipay\/gateway\.do\?/);
        await page
          .getByText(/SANDBOX/)
          .first()
          .waitFor();
        await expect(page.getByTestId('sandbox-amount').textContent()).resolves.toBe(
          `¥${byAlipay.total_cny}`,
        );
        await page.getByRole('button', { name: /Pay$/ }).click();
        await page.waitForURL(detailUrl(byAlipay.oid));
        await expect
          .poll(() => main.getByTestId('order-status').getAttribute('data-status'))
          .toBe('delivering');
        await main.getByText(t.payment.alipay, { exact: true }).waitFor();

        // 3. WeChat Pay: the QR panel with the amount; closed, it stops asking; opened again, the
        // same code (no new payment).
        await page.goto(`${shop.baseUrl}/user/order/checkout/${byWechat.oid}`);
        const payPosts = countRequests(page, 'POST', '/api/front/order/pay');
        const statusGets = countRequests(page, 'GET', '/api/front/order/pay/status');
        await method(t.payment.wechat).check();
        await main.getByRole('button', { name: t.checkout.pay, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: t.payment.wechatTitle });
        await dialog.waitFor();
        await expect(dialog.getByTestId('qr-amount').textContent()).resolves.toBe(`¥${byWechat.total_cny}`);
        await expect(dialog.getByRole('img', { name: t.payment.qrAlt }).getAttribute('src')).resolves.toMatch(
          /^data:image\/png;base64,/,
        );
        await dialog.getByText(t.payment.waiting).waitFor();
        await expect.poll(statusGets, { timeout: 6_000 }).toBeGreaterThan(0);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        const asked = statusGets();
        await page.waitForTimeout(4_500);
        expect(statusGets()).toBe(asked);
        await main.getByRole('button', { name: t.checkout.pay, exact: true }).click();
        await dialog.waitFor();
        expect(payPosts()).toBe(1);

        // Nobody scans in a test: the sandbox link opens the "WeChat" page in a new tab.
        const link = dialog.getByRole('link', { name: t.payment.sandboxOpen });
        await expect(link.getAttribute('href')).resolves.toMatch(
          new RegExp(`^${escape(shop.baseUrl)}/sandbox/wechat/qr/`),
        );
        const [wechat] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
        await wechat
          .getByText(/SANDBOX/)
          .first()
          .waitFor();
        await expect(wechat.getByTestId('sandbox-amount').textContent()).resolves.toBe(
          `¥${byWechat.total_cny}`,
        );
        await wechat.getByRole('button', { name: /Pay$/ }).click();
        await wechat.getByTestId('sandbox-paid').waitFor();
        // The checkout notices by itself.
        await page.waitForURL(detailUrl(byWechat.oid));
        await toast(page, t.checkout.paySuccess).waitFor();
        await expect
          .poll(() => main.getByTestId('order-status').getAttribute('data-status'))
          .toBe('delivering');
        await main.getByText(t.payment.wechat, { exact: true }).waitFor();
        await expect(dialog.count()).resolves.toBe(0);

        expect(await Promise.all([byBalance, byAlipay, byWechat].map((o) => order(o.oid)))).toMatchObject([
          { status: 'delivering', pay_method: 'balance' },
          { status: 'delivering', pay_method: 'alipay' },
          { status: 'delivering', pay_method: 'wechat' },
        ]);
        // Alipay and WeChat Pay took their money elsewhere: only the balance payment touched it.
        await expect(balanceFen()).resolves.toBe(before - price);

        // Merchandise waits for the shop after payment: the order list's "delivering" tab holds all three.
        await page.goto(`${shop.baseUrl}/user/order?status=delivering`);
        for (const { oid } of [byBalance, byAlipay, byWechat]) {
          const card = main.locator(`[data-testid="order-card"][data-oid="${oid}"]`);
          await card.getByText(t.orders.status.delivering, { exact: true }).waitFor();
        }

        // The asset log: the balance payment is an entry; the other two are not.
        await page.goto(`${shop.baseUrl}/user/asset/log?type=order_payment`);
        const refs = main.getByTestId('ledger-ref');
        await refs.getByText(byBalance.oid, { exact: true }).waitFor();
        const listed = await refs.allTextContents();
        expect(listed).toContain(byBalance.oid);
        expect(listed).not.toContain(byAlipay.oid);
        expect(listed).not.toContain(byWechat.oid);
        const entry = main.getByTestId('ledger-entry').filter({ hasText: byBalance.oid });
        await expect(entry.getByTestId('ledger-amount').textContent()).resolves.toBe(
          `\u2212¥${byBalance.total_cny}`,
        );
        expect(page.errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
  );

  it('en: a ¥100 top-up through the sandbox Alipay shows the new balance and a "Wallet top-up" entry', async () => {
    const t = T.en;
    const before = await balanceFen();
    const after = `¥${cny(before + 10_000)}`;
    const page = await openLoggedIn('en', '/user/asset/wallet');
    const main = page.locator('main');
    try {
      const form = main.getByTestId('recharge-form');
      await main
        .getByTestId('wallet-balance')
        .getByText(`¥${cny(before)}`)
        .waitFor();
      // ¥100 and Alipay are chosen when the page opens.
      await expect(form.getByRole('radio', { name: '¥100.00', exact: true }).isChecked()).resolves.toBe(true);
      await expect(
        form.getByRole('radio', { name: new RegExp(`^${t.payment.alipay}`) }).isChecked(),
      ).resolves.toBe(true);
      await form.getByRole('button', { name: fill(t.wallet.submit, { amount: '¥100.00' }) }).click();

      await page.waitForURL(/\/sandbox\/alipay\/gateway\.do\?/);
      await expect(page.getByTestId('sandbox-amount').textContent()).resolves.toBe('¥100.00');
      await page.getByRole('button', { name: /Pay$/ }).click();

      // Back on the wallet: the top-up is confirmed and the balance is the new one.
      await page.waitForURL(`${shop.baseUrl}/user/asset/wallet`);
      await toast(page, fill(t.wallet.success, { amount: '¥100.00' })).waitFor();
      await main.getByTestId('wallet-balance').getByText(after).waitFor();
      await expect(balanceFen()).resolves.toBe(before + 10_000);
      const recent = main.getByTestId('ledger-entry').first();
      await recent.getByText(t.assetLog.types.recharge, { exact: true }).waitFor();
      await expect(recent.getByTestId('ledger-amount').textContent()).resolves.toBe('+¥100.00');
      // Nothing is left to confirm: a reload shows no "confirming" note.
      await page.reload();
      await main.getByTestId('recharge-form').waitFor();
      await expect(main.getByTestId('recharge-returned').count()).resolves.toBe(0);

      // The asset log lists it first, as a top-up, with the balance after it.
      await page.goto(`${shop.baseUrl}/user/asset/log`);
      const entry = main.getByTestId('ledger-entry').first();
      await expect(entry.getAttribute('data-type')).resolves.toBe('recharge');
      await entry.getByText(t.assetLog.types.recharge, { exact: true }).waitFor();
      await expect(entry.getByTestId('ledger-amount').textContent()).resolves.toBe('+¥100.00');
      await entry.getByText(fill(t.assetLog.balanceAfter, { amount: after })).waitFor();
      expect(page.errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('zh-CN: a typed top-up refuses bad amounts, then WeChat Pay credits ¥88.50 once the QR is paid', async () => {
    const t = T['zh-CN'];
    const before = await balanceFen();
    const page = await openLoggedIn('zh-CN', '/user/asset/wallet');
    const main = page.locator('main');
    try {
      const recharges = countRequests(page, 'POST', '/api/front/user/recharge');
      const form = main.getByTestId('recharge-form');
      const amount = form.getByLabel(t.wallet.custom, { exact: true });
      const error = form.getByTestId('recharge-error');
      const submit = form.getByTestId('recharge-submit');
      await main
        .getByTestId('wallet-balance')
        .getByText(`¥${cny(before)}`)
        .waitFor();

      for (const [typed, text] of [
        ['0.5', t.wallet.amountRange],
        ['50000.01', t.wallet.amountRange],
        ['12.345', t.wallet.amountFormat],
        ['abc', t.wallet.amountFormat],
      ] as const) {
        await amount.fill(typed);
        await submit.click();
        await expect(error.textContent()).resolves.toBe(text);
        await expect(amount.getAttribute('aria-invalid')).resolves.toBe('true');
      }
      // A preset replaces the typed amount and the error.
      await form.getByRole('radio', { name: '¥50.00', exact: true }).check({ force: true });
      await expect(amount.inputValue()).resolves.toBe('');
      await expect(error.count()).resolves.toBe(0);
      expect(recharges()).toBe(0);

      await amount.fill('88.5');
      await form.getByRole('radio', { name: new RegExp(`^${t.payment.wechat}`) }).check();
      await expect(submit.textContent()).resolves.toBe(fill(t.wallet.submit, { amount: '¥88.50' }));
      await submit.click();
      const dialog = page.getByRole('dialog', { name: t.payment.wechatTitle });
      await expect(dialog.getByTestId('qr-amount').textContent()).resolves.toBe('¥88.50');
      expect(recharges()).toBe(1);

      const link = dialog.getByRole('link', { name: t.payment.sandboxOpen });
      const [wechat] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
      await expect(wechat.getByTestId('sandbox-amount').textContent()).resolves.toBe('¥88.50');
      await wechat.getByRole('button', { name: /Pay$/ }).click();
      await wechat.getByTestId('sandbox-paid').waitFor();

      // The wallet notices by itself: the panel closes, the pop-up says so, the balance is new.
      await toast(page, fill(t.wallet.success, { amount: '¥88.50' })).waitFor();
      await dialog.waitFor({ state: 'detached' });
      await main
        .getByTestId('wallet-balance')
        .getByText(`¥${cny(before + 8_850)}`)
        .waitFor();
      await expect(balanceFen()).resolves.toBe(before + 8_850);
      const recent = main.getByTestId('ledger-entry').first();
      await recent.getByText(t.assetLog.types.recharge, { exact: true }).waitFor();
      await expect(recent.getByTestId('ledger-amount').textContent()).resolves.toBe('+¥88.50');
      expect(page.errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  // Switches are changed in the database (there is no admin API yet): SQLite only. A shop of its
  // own, since they stay off.
  describe.skipIf(Boolean(process.env.E2E_DATABASE_URL))('with methods switched off', () => {
    const own = testShop();

    it('switched-off methods are not offered, at checkout or for top-ups', async () => {
      const t = T['zh-CN'];
      const db = new Database(path.join(own.dataDir, 'shop.db'));
      try {
        db.prepare(`update settings set value = '0' where key in (?, ?, ?)`).run(
          'order_balance_switch',
          'order_wechat_switch',
          'balance_alipay_switch',
        );
      } finally {
        db.close();
      }
      // The settings cache lives 5 s (decision 008).
      await expect
        .poll(
          async () =>
            (await own.api<Record<string, number>>('GET', '/api/front/app/config', { lang: 'zh-CN' })).data
              .order_wechat_switch,
          { timeout: 10_000, interval: 500 },
        )
        .toBe(0);

      const ownToken = await own.login();
      const goods = await own.api<{ skus: Array<{ id: number }> }>(
        'GET',
        `/api/front/goods/detail?id=${MOUSE_PAD}`,
        { lang: 'zh-CN' },
      );
      const created = await own.api<{ oid: string }>('POST', '/api/front/order/create', {
        body: { items: [{ goods_id: MOUSE_PAD, goods_sku_id: goods.data.skus[0]!.id, num: 1 }] },
        token: ownToken,
        lang: 'zh-CN',
      });
      expect(created.code, created.msg).toBe(200);
      const { oid } = created.data;

      const page = await own.signedInPage(ownToken, `/user/order/checkout/${oid}`, {
        lang: 'zh-CN',
        user: DEMO_BUYER.nickname,
      });
      try {
        const main = page.locator('main');
        await main.getByTestId('checkout-pay').waitFor();
        // Only Alipay is left, chosen; the others are not shown at all.
        const radios = main.getByRole('radio');
        await expect(radios.count()).resolves.toBe(1);
        await expect(
          main.getByRole('radio', { name: new RegExp(`^${t.payment.alipay}`) }).isChecked(),
        ).resolves.toBe(true);
        await expect(main.getByText(t.payment.balance, { exact: true }).count()).resolves.toBe(0);
        await expect(main.getByText(t.payment.wechat, { exact: true }).count()).resolves.toBe(0);

        await page.goto(`${own.baseUrl}/user/asset/wallet`);
        const form = main.getByTestId('recharge-form');
        await form.waitFor();
        const methods = form.locator('input[name="recharge-method"]');
        await expect(methods.count()).resolves.toBe(1);
        await expect(methods.getAttribute('value')).resolves.toBe('wechat');
        expect(page.errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    });
  });
});

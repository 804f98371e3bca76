// Delivery of top-ups and manual goods (issue 7, decision 021) in a real browser against the real
// API and its background jobs, in both languages, on a desktop and on a phone. The demo supplier of
// the embedded default decides by the end of the player id (apps/api/src/modules/supplier/
// demo-supplier.ts): `…500` fails, so the item is refunded to the balance; `…202` stays pending for
// two of the job's polls (about 15 s), then succeeds; anything else succeeds at once.
// - A top-up that fails: the buyer pays by balance on the checkout page, lands on the order detail
//   and sees it refunded with the amount, without reloading; the asset log holds the refund entry
//   and the balance is back where it was.
// - A top-up that succeeds: credited, order completed; a slow one shows "in progress" until the
//   page's own polling brings the result.
// - Manual goods wait for the shop; the operator's `npm run deliver -- done <oid> <note>` (a
//   separate process on the shop's database) marks them delivered with the note the buyer sees.
// - An order of which one top-up of two was refunded is completed, marked "partly refunded".
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatMinor, parseDecimal } from '@shop/domain/money';
import { DEMO_BUYER, type Lang, PHONE, shot, T, type TestPage, toast, testShop } from './fixture';
import { addDefaultAddress, fill, hasChromium, runShopCommand } from './harness';

type Device = 'desktop' | 'phone';
/** Demo catalog (apps/api/src/db/seed/demo-catalog.ts): Starbound Voyager gems, a direct top-up (type 2). */
const TOP_UP_GOODS = 1;
/** Demo catalog: the Mushroom Town plush keychain, manual delivery (type 3), SKUs in stock. */
const MANUAL_GOODS = 16;
const CHECKOUT_URL = /\/user\/order\/checkout\/(\w+)$/;

type Goods = {
  id: number;
  name: string;
  recharge_type: number;
  face_values: Array<{ face_value: number; label: string; price: string }>;
  servers: Array<{ id: number; name: string }>;
  skus: Array<{ id: number; spec: string }>;
};
type Delivery = {
  status: string;
  note: string;
  reason_code: string | null;
  reason: string | null;
  refund_amount: string | null;
  updated_at: number;
};
type Order = {
  oid: string;
  status: string;
  total_amount: string;
  total_cny: string;
  items: Array<{ id: number; recharge_type: number; total_price: string; delivery: Delivery | null }>;
};
type LedgerEntry = { type: string; amount: string; ref: string; title: string };

const shop = testShop();
let token = '';

function call<T>(
  method: 'GET' | 'POST',
  url: string,
  {
    body,
    lang = 'zh-CN',
    headers = {},
  }: { body?: unknown; lang?: Lang; headers?: Record<string, string> } = {},
) {
  return shop.api<T>(method, url, { body, token, lang, headers });
}

async function goods(id: number, lang: Lang): Promise<Goods> {
  const body = await call<Goods>('GET', `/api/front/goods/detail?id=${id}`, { lang });
  expect(body.code).toBe(200);
  return body.data;
}

async function balance(): Promise<string> {
  const info = await call<{ balance: string }>('GET', '/api/front/user/info');
  expect(info.code).toBe(200);
  return info.data.balance;
}

async function order(oid: string, lang: Lang = 'zh-CN'): Promise<Order> {
  const body = await call<Order>('GET', `/api/front/order/detail?oid=${oid}`, { lang });
  expect(body.code).toBe(200);
  return body.data;
}

const minus = (a: string, b: string) => formatMinor(parseDecimal(a, 'CNY')! - parseDecimal(b, 'CNY')!, 'CNY');

/** A player id the demo supplier treats as `ending` (500, 202, …), unique to this run. */
const playerId = (ending: string) => `e2e${Date.now().toString(36)}${ending}`;

/** A page in `lang` holding the buyer's token (SPEC §3), opened at `url` (on a desktop, once named). */
function openLoggedIn(lang: Lang, url: string, device: Device = 'desktop'): Promise<TestPage> {
  return shop.signedInPage(
    token,
    url,
    device === 'phone' ? { lang, ...PHONE } : { lang, user: DEMO_BUYER.nickname },
  );
}

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Counts the page's loads of the document (a reload would be one more). */
function countDocuments(page: Page): () => number {
  let count = 0;
  page.on('request', (r) => {
    if (r.resourceType() === 'document') count++;
  });
  return () => count;
}

/**
 * On the goods page already open: the first face value for `player` on the first server, Buy now,
 * then pay by balance on the checkout page; resolves on the order detail with the order number.
 */
async function buyTopUp(page: Page, lang: Lang, player: string): Promise<string> {
  const t = T[lang];
  const item = await goods(TOP_UP_GOODS, lang);
  expect(item.recharge_type).toBe(2);
  await page.getByRole('heading', { level: 1, name: item.name }).waitFor();
  await page.getByLabel(t.player.server, { exact: true }).selectOption(String(item.servers[0]!.id));
  await page.getByLabel(t.player.playerId, { exact: true }).fill(player);
  // Buy now waits for the player check (issue 12).
  await page.getByRole('button', { name: t.player.checkPlayer, exact: true }).click();
  await expect.poll(() => page.getByTestId('buy-now').isEnabled()).toBe(true);
  return checkout(page, lang);
}

/** On the goods page already open: SKU `sku`, Buy now, pay by balance; resolves on the detail. */
async function buyManual(page: Page, lang: Lang, sku: number): Promise<string> {
  const item = await goods(MANUAL_GOODS, lang);
  expect(item.recharge_type).toBe(3);
  await page.getByRole('heading', { level: 1, name: item.name }).waitFor();
  await page.getByRole('radio', { name: item.skus[sku]!.spec }).check({ force: true });
  return checkout(page, lang);
}

async function checkout(page: Page, lang: Lang): Promise<string> {
  const t = T[lang];
  await page.getByRole('button', { name: t.goods.buyNow, exact: true }).click();
  await page.waitForURL(CHECKOUT_URL);
  const oid = CHECKOUT_URL.exec(page.url())![1]!;
  const main = page.locator('main');
  await main.getByRole('heading', { level: 1, name: t.pages.checkout.heading }).waitFor();
  await expect(main.getByRole('radio', { name: new RegExp(t.payment.balance) }).isChecked()).resolves.toBe(
    true,
  );
  await main.getByRole('button', { name: t.checkout.pay, exact: true }).click();
  await page.waitForURL(new RegExp(`/user/order/detail/${oid}$`));
  await toast(page, t.checkout.paySuccess).waitFor();
  await main.getByRole('heading', { level: 1, name: t.pages.orderDetail.heading }).waitFor();
  return oid;
}

const CASES: Array<[Lang, Device]> = [
  ['zh-CN', 'desktop'],
  ['en', 'desktop'],
  ['en', 'phone'],
];

describe.skipIf(!hasChromium())('delivery of top-ups and manual goods', () => {
  beforeAll(async () => {
    token = await shop.login();
    // The plush keychain ships (decision 030): the default address goes onto each new order.
    await addDefaultAddress(shop.baseUrl, token);
  });

  it.each(CASES)(
    '%s %s: a top-up that fails is refunded to the balance, shown without a reload',
    async (lang, device) => {
      const t = T[lang];
      const before = await balance();
      const page = await openLoggedIn(lang, `/category/goods/${TOP_UP_GOODS}`, device);
      try {
        const documents = countDocuments(page);
        const oid = await buyTopUp(page, lang, playerId('500'));
        const loads = documents();
        const main = page.locator('main');
        const line = main.getByTestId('order-item').first();
        const delivery = line.getByTestId('item-delivery');
        // The supplier's job runs every second: the page may still find it under way, then sees it
        // refunded by its own polling; or the refund was already made when it loaded.
        await delivery.waitFor();
        expect(['processing', 'refunded']).toContain(await delivery.getAttribute('data-status'));
        await expect.poll(() => delivery.getAttribute('data-status'), { timeout: 20_000 }).toBe('refunded');
        expect(documents()).toBe(loads);

        const refunded = await order(oid, lang);
        expect(refunded.status).toBe('refunded');
        const item = refunded.items[0]!;
        expect(item.delivery).toMatchObject({ status: 'refunded', refund_amount: refunded.total_cny });
        const amount = `¥${refunded.total_cny}`;

        await expect(delivery.getByTestId('delivery-chip').textContent()).resolves.toContain(
          t.delivery.status.refunded,
        );
        await expect(delivery.getByTestId('item-refund').textContent()).resolves.toMatch(
          new RegExp(`^${amount.replace('.', '\\.')}\\s*${t.delivery.refunded}`),
        );
        // The supplier's reason in the buyer's language, its own words as the detail (decision 032).
        expect(item.delivery).toMatchObject({ reason_code: 'account_banned' });
        await delivery
          .getByTestId('delivery-reason')
          .getByText(fill(t.delivery.reason, { note: item.delivery!.reason! }), { exact: true })
          .waitFor();
        await delivery
          .getByTestId('delivery-note')
          .getByText(fill(t.payFlow.reasonDetail, { note: item.delivery!.note }), { exact: true })
          .waitFor();
        const status = main.getByTestId('order-status');
        await expect.poll(() => status.getAttribute('data-status')).toBe('refunded');
        await expect(status.textContent()).resolves.toBe(t.order.statusTitle.refunded);
        await main.getByText(fill(t.delivery.allRefunded, { amount }), { exact: true }).waitFor();
        await expect(main.getByTestId('delivery-progress').count()).resolves.toBe(0);
        await expect(
          main.getByTestId('order-timeline').locator('li[data-state="done"]').last().textContent(),
        ).resolves.toContain(t.order.timeline.refunded);
        await expect(noHorizontalScroll(page)).resolves.toBe(true);
        await shot(page, `detail-refunded-${lang}-${device}.png`);

        // Every fen is back.
        await expect(balance()).resolves.toBe(before);
        const log = await call<{ list: LedgerEntry[] }>('GET', '/api/front/user/balanceLog?page=1&limit=5', {
          lang,
        });
        expect(log.data.list[0]).toMatchObject({ type: 'refund', ref: oid, amount: refunded.total_cny });

        // The line's link leads to the asset log: the refund first, positive, about this order.
        await delivery.getByRole('link', { name: t.delivery.viewBalance }).click();
        await page.waitForURL(/\/user\/asset\/log$/);
        await main.getByRole('heading', { level: 1, name: t.pages.assetLog.heading }).waitFor();
        const entry = main.getByTestId('ledger-entry').first();
        await entry.getByText(t.assetLog.types.refund, { exact: true }).waitFor();
        await expect(entry.getAttribute('data-type')).resolves.toBe('refund');
        await expect(entry.getByTestId('ledger-amount').textContent()).resolves.toBe(`+${amount}`);
        await entry.getByTestId('ledger-ref').getByText(oid, { exact: true }).waitFor();
        await entry.getByText(fill(t.assetLog.balanceAfter, { amount: `¥${before}` })).waitFor();

        // The order list: under "refunded", as refunded.
        await page.goto(`${shop.baseUrl}/user/order?status=refunded`);
        const card = main.locator(`[data-testid="order-card"][data-oid="${oid}"]`);
        await card.getByTestId('order-status').getByText(t.orders.status.refunded, { exact: true }).waitFor();
        await expect(card.getByTestId('order-partly-refunded').count()).resolves.toBe(0);
        expect(page.errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
  );

  it.each(['zh-CN', 'en'] as const)(
    '%s: a top-up that succeeds is credited and the order completed',
    async (lang) => {
      const t = T[lang];
      const before = await balance();
      const page = await openLoggedIn(lang, `/category/goods/${TOP_UP_GOODS}`);
      try {
        const oid = await buyTopUp(page, lang, playerId('001'));
        const main = page.locator('main');
        const delivery = main.getByTestId('order-item').first().getByTestId('item-delivery');
        await expect.poll(() => delivery.getAttribute('data-status'), { timeout: 20_000 }).toBe('delivered');
        await expect(delivery.getByTestId('delivery-chip').textContent()).resolves.toContain(
          t.delivery.status.credited,
        );
        await expect(delivery.getByTestId('item-refund').count()).resolves.toBe(0);
        const status = main.getByTestId('order-status');
        await expect.poll(() => status.getAttribute('data-status')).toBe('completed');
        await expect(status.textContent()).resolves.toBe(t.order.statusTitle.completed);
        await main.getByText(t.order.statusText.completed, { exact: true }).waitFor();
        await expect(main.getByTestId('order-refund-log').count()).resolves.toBe(0);

        const paid = await order(oid, lang);
        expect(paid.status).toBe('completed');
        await expect(balance()).resolves.toBe(minus(before, paid.total_cny));

        await page.goto(`${shop.baseUrl}/user/order?status=completed`);
        const card = main.locator(`[data-testid="order-card"][data-oid="${oid}"]`);
        await card
          .getByTestId('order-status')
          .getByText(t.orders.status.completed, { exact: true })
          .waitFor();
        await expect(card.getByTestId('order-partly-refunded').count()).resolves.toBe(0);
        expect(page.errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
  );

  it('a slow top-up shows "in progress" until the page’s polling brings the result', async () => {
    const t = T.en;
    const page = await openLoggedIn('en', `/category/goods/${TOP_UP_GOODS}`);
    try {
      const documents = countDocuments(page);
      const oid = await buyTopUp(page, 'en', playerId('202'));
      const loads = documents();
      const main = page.locator('main');
      const delivery = main.getByTestId('order-item').first().getByTestId('item-delivery');
      // Pending for two of the job's polls (5 s, then 10 s after the first).
      await expect(delivery.getAttribute('data-status')).resolves.toBe('processing');
      await expect(delivery.getByTestId('delivery-chip').textContent()).resolves.toContain(
        t.delivery.status.processing,
      );
      await delivery.getByText(t.delivery.hint.processing, { exact: true }).waitFor();
      const progress = main.getByTestId('delivery-progress');
      await progress.getByText(t.delivery.inProgress, { exact: true }).waitFor();
      await expect(progress.getAttribute('role')).resolves.toBe('status');
      await shot(page, 'detail-processing-en-desktop.png');
      await expect(main.getByTestId('order-status').getAttribute('data-status')).resolves.toBe('delivering');
      await expect(main.getByTestId('order-status').textContent()).resolves.toBe(t.orderSteps.title.topup);

      // The order list meanwhile: under "delivering".
      const list = await call<{ list: Array<{ oid: string; status: string }> }>(
        'GET',
        '/api/front/order/list?page=1&limit=10&status=delivering',
      );
      expect(list.data.list.map((o) => o.oid)).toContain(oid);

      await expect.poll(() => delivery.getAttribute('data-status'), { timeout: 40_000 }).toBe('delivered');
      await expect.poll(() => main.getByTestId('order-status').getAttribute('data-status')).toBe('completed');
      await progress.waitFor({ state: 'detached' });
      expect(documents()).toBe(loads);
      expect((await order(oid)).status).toBe('completed');
      expect(page.errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it.each(CASES)(
    '%s %s: manual goods wait for the shop, then show the operator’s note',
    async (lang, device) => {
      const t = T[lang];
      const page = await openLoggedIn(lang, `/category/goods/${MANUAL_GOODS}`, device);
      try {
        const oid = await buyManual(page, lang, 0);
        const main = page.locator('main');
        const delivery = main.getByTestId('order-item').first().getByTestId('item-delivery');
        await expect(delivery.getAttribute('data-status')).resolves.toBe('waiting');
        await expect(delivery.getByTestId('delivery-chip').textContent()).resolves.toContain(
          t.orderSteps.open.ship,
        );
        await delivery.getByText(t.orderSteps.hint.ship, { exact: true }).waitFor();
        const status = main.getByTestId('order-status');
        await expect(status.getAttribute('data-status')).resolves.toBe('delivering');
        await main.getByText(t.orderSteps.text.ship, { exact: true }).waitFor();
        // Nothing for the supplier to do: no "top-up in progress".
        await expect(main.getByTestId('delivery-progress').count()).resolves.toBe(0);
        await expect(noHorizontalScroll(page)).resolves.toBe(true);
        await shot(page, `detail-waiting-${lang}-${device}.png`);

        // The order list: under "delivering", as delivering.
        await page.goto(`${shop.baseUrl}/user/order?status=delivering`);
        const card = main.locator(`[data-testid="order-card"][data-oid="${oid}"]`);
        await card
          .getByTestId('order-status')
          .getByText(t.orders.status.delivering, { exact: true })
          .waitFor();

        // The operator ships it.
        const done = await runShopCommand(shop, 'deliver', ['done', oid, 'Shipped', 'SF123']);
        expect(done.output).toContain(`delivered 1 item(s) of order ${oid}`);
        expect(done.code).toBe(0);

        await page.goto(`${shop.baseUrl}/user/order/detail/${oid}`);
        await expect.poll(() => status.getAttribute('data-status')).toBe('completed');
        await expect(delivery.getAttribute('data-status')).resolves.toBe('delivered');
        await expect(delivery.getByTestId('delivery-chip').textContent()).resolves.toContain(
          t.orderSteps.done.ship,
        );
        await delivery
          .getByTestId('delivery-note')
          .getByText(fill(t.delivery.note, { note: 'Shipped SF123' }), { exact: true })
          .waitFor();
        expect((await order(oid)).status).toBe('completed');
        expect(page.errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
  );

  it('zh-CN: one top-up of two refunded: completed, partly refunded, on the detail and in the list', async () => {
    const t = T['zh-CN'];
    const item = await goods(TOP_UP_GOODS, 'zh-CN');
    const line = (player: string) => ({
      goods_id: TOP_UP_GOODS,
      face_value: item.face_values[0]!.face_value,
      num: 1,
      player_id: player,
      server_id: item.servers[0]!.id,
    });
    const created = await call<{ oid: string }>('POST', '/api/front/order/create', {
      body: { items: [line(playerId('001')), line(playerId('500'))] },
      headers: { 'idempotency-key': `e2e-delivery-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    });
    expect(created.code).toBe(200);
    const oid = created.data.oid;
    const paid = await call<{ status: string }>('POST', '/api/front/order/pay', {
      body: { oid, method: 'balance' },
    });
    expect(paid.code).toBe(200);
    await expect.poll(async () => (await order(oid)).status, { timeout: 20_000 }).toBe('completed');
    const done = await order(oid);
    const refund = done.items.find((i) => i.delivery?.status === 'refunded')!;
    expect(refund.delivery!.refund_amount).toBe(refund.total_price);

    const page = await openLoggedIn('zh-CN', `/user/order/detail/${oid}`);
    try {
      const main = page.locator('main');
      await expect.poll(() => main.getByTestId('order-status').getAttribute('data-status')).toBe('completed');
      await expect(
        main
          .getByTestId('item-delivery')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')).sort()),
      ).resolves.toEqual(['delivered', 'refunded']);
      await main
        .getByText(fill(t.delivery.partlyRefunded, { amount: `¥${refund.delivery!.refund_amount}` }), {
          exact: true,
        })
        .waitFor();
      await expect(main.getByTestId('order-refund-log').getAttribute('href')).resolves.toBe(
        '/user/asset/log',
      );

      await page.goto(`${shop.baseUrl}/user/order`);
      const card = main.locator(`[data-testid="order-card"][data-oid="${oid}"]`);
      await card.getByTestId('order-status').getByText(t.orders.status.completed, { exact: true }).waitFor();
      await card.getByTestId('order-partly-refunded').getByText(t.orders.partlyRefunded).waitFor();
      await shot(page, 'orders-partly-refunded-zh-CN-desktop.png');
      expect(page.errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});

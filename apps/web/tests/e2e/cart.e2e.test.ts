// The cart of SPEC §4 in a real browser against the real API, in both languages: an anonymous add
// opens the login dialog with 请先登录; the same SKU added twice is one line of 2; the same direct
// top-up for another character is a second line; the /cart page changes and removes lines; the
// header badge shows 99+ past 99. Lines are cleared through the API before each test.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../app/i18n/en.json';
import zhCN from '../../app/i18n/zh-CN.json';
import { countRequests, DEMO_BUYER, type Lang, T, testShop, userMenu } from './fixture';
import { type Envelope, fill, hasChromium, hydrated } from './harness';

/** Demo catalog (apps/api/src/db/seed/demo-catalog.ts): a card-key SKU goods and a face-value direct top-up. */
const CARD_GOODS = 8; // PlayNest gift card: SKUs ¥100 (240 left), ¥200 (95 left), ¥500
const TOP_UP_GOODS = 1; // Starbound Voyager gems: face values, four servers

type Detail = {
  id: number;
  name: string;
  spec_type: number;
  recharge_type: number;
  skus: Array<{ id: number; spec: string }>;
  face_values: Array<{ face_value: number; label: string }>;
  servers: Array<{ id: number; name: string }>;
};
type Line = { id: number; num: number; goods_sku_id: number; player_id: string; total_price: string };

const shop = testShop();
let token = '';

function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, lang: Lang = 'zh-CN') {
  // Cart answers carry `count` and `total_pay_price` beside `data`.
  return shop.api<T>(method, path, { body, token, lang }) as Promise<Envelope<T> & Record<string, unknown>>;
}

async function detail(id: number, lang: Lang): Promise<Detail> {
  const body = await call<Detail>('GET', `/api/front/goods/detail?id=${id}`, undefined, lang);
  expect(body.code).toBe(200);
  return body.data;
}

async function cartLines(lang: Lang = 'zh-CN'): Promise<Line[]> {
  const body = await call<Line[]>('GET', '/api/front/goods/cart/show', undefined, lang);
  expect(body.code).toBe(200);
  return body.data;
}

async function clearCart(): Promise<void> {
  for (const line of await cartLines()) {
    expect((await call('POST', '/api/front/goods/cart/remove', { id: line.id })).code).toBe(200);
  }
}

/** A page in `lang` holding the buyer's token (SPEC §3), opened at `path`. */
function openLoggedIn(lang: Lang, path: string): Promise<Page> {
  // The user info, then the cart, load after hydration.
  return shop.signedInPage(token, path, { lang, user: DEMO_BUYER.nickname });
}

function addButton(page: Page, lang: Lang) {
  return page.getByRole('button', { name: T[lang].goods.addToCart, exact: true });
}

/** Clicks add to cart and waits for the panel (modal: the page behind it leaves the accessibility tree). */
async function addAndOpenPanel(page: Page, lang: Lang) {
  await addButton(page, lang).click();
  const panel = page.getByTestId('cart-panel');
  await panel.waitFor();
  return panel;
}

async function closePanel(page: Page, lang: Lang) {
  const panel = page.getByTestId('cart-panel');
  await panel.getByRole('button', { name: T[lang].common.close }).click();
  await panel.waitFor({ state: 'detached' });
}

function quantityOf(scope: Page | ReturnType<Page['getByTestId']>, lang: Lang, name: string) {
  return scope.getByRole('spinbutton', { name: fill(T[lang].cart.quantityOf, { name }), exact: true });
}

describe.skipIf(!hasChromium())('the cart of the demo buyer', () => {
  beforeAll(async () => {
    token = await shop.login();
  });
  beforeEach(async () => {
    await clearCart();
  });

  it.each(['zh-CN', 'en'] as const)(
    '%s: anonymous add asks to log in; the same SKU added twice is one line of 2',
    async (lang) => {
      const t = T[lang];
      const goods = await detail(CARD_GOODS, lang);
      expect(goods).toMatchObject({ spec_type: 1, recharge_type: 1 });
      const page = await shop.page({ lang });
      try {
        await page.goto(`${shop.baseUrl}/category/goods/${CARD_GOODS}`);
        await page.getByRole('heading', { level: 1, name: goods.name }).waitFor();
        // Before hydration (of the purchase panel too) a click on Add to cart does nothing.
        await hydrated(page);

        // SPEC §4: logged out → the login dialog and the warning 请先登录; nothing is added.
        const adds = countRequests(page, 'POST', '/api/front/goods/cart/add');
        await addButton(page, lang).click();
        const dialog = page.getByRole('dialog', { name: t.auth.loginTitle });
        await dialog.waitFor();
        await page.getByText(t.cart.loginFirst, { exact: true }).first().waitFor();
        expect(t.cart.loginFirst).toBe(lang === 'zh-CN' ? '请先登录' : 'Please log in first');
        expect(adds()).toBe(0);

        await dialog.getByLabel(t.auth.account).fill(DEMO_BUYER.account);
        await dialog.getByLabel(t.auth.password, { exact: true }).fill(DEMO_BUYER.password);
        await dialog.getByRole('button', { name: t.auth.login, exact: true }).click();
        await dialog.waitFor({ state: 'detached' });

        // First add: the one asked for before the login goes on after it (issue 12): a new line,
        // 添加成功, the panel opens.
        const panel = page.getByTestId('cart-panel');
        await panel.waitFor();
        await page.getByText(t.cart.added, { exact: true }).first().waitFor();
        expect(t.cart.added).toBe(lang === 'zh-CN' ? '添加成功' : 'Added to cart');
        await expect.poll(() => panel.getByTestId('cart-line').count()).toBe(1);
        await expect(quantityOf(panel, lang, goods.name).inputValue()).resolves.toBe('1');
        await panel.getByText(goods.skus[0]!.spec, { exact: true }).waitFor();
        await closePanel(page, lang);
        await userMenu(page, lang, DEMO_BUYER.nickname).waitFor();

        // Second add of the same SKU: the update call raises the line; still one line.
        const updates = countRequests(page, 'POST', '/api/front/goods/cart/update');
        await addAndOpenPanel(page, lang);
        await expect.poll(() => quantityOf(panel, lang, goods.name).inputValue()).toBe('2');
        await expect(panel.getByTestId('cart-line').count()).resolves.toBe(1);
        expect(adds()).toBe(1);
        expect(updates()).toBe(1);
        await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('2');

        const lines = await cartLines();
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatchObject({ num: 2, goods_sku_id: goods.skus[0]!.id });
      } finally {
        await page.context().close();
      }
    },
  );

  it.each(['zh-CN', 'en'] as const)(
    '%s: the same direct top-up for another character is a second line',
    async (lang) => {
      const t = T[lang];
      const goods = await detail(TOP_UP_GOODS, lang);
      expect(goods).toMatchObject({ spec_type: 2, recharge_type: 2 });
      const server = goods.servers[1]!;
      const page = await openLoggedIn(lang, `/category/goods/${TOP_UP_GOODS}`);
      try {
        const adds = countRequests(page, 'POST', '/api/front/goods/cart/add');
        const playerField = page.getByLabel(t.player.playerId, { exact: true });

        // Logged in, a top-up waits for its player check (issue 12): nothing can be sent before.
        await expect(addButton(page, lang).isDisabled()).resolves.toBe(true);
        await page.getByTestId('purchase-gate').getByText(t.topUp.checkToBuy).waitFor();
        expect(adds()).toBe(0);
        const check = async () => {
          await page.getByRole('button', { name: t.player.checkPlayer, exact: true }).click();
          await expect.poll(() => addButton(page, lang).isEnabled()).toBe(true);
        };

        await page.getByLabel(t.player.server, { exact: true }).selectOption(String(server.id));
        await playerField.fill('10086001');
        await check();
        const panel = await addAndOpenPanel(page, lang);
        await panel.getByText(fill(t.cart.playerId, { id: '10086001' }), { exact: false }).waitFor();
        await panel.getByText(fill(t.cart.server, { name: server.name }), { exact: false }).waitFor();
        await panel.getByText(goods.face_values[0]!.label, { exact: true }).waitFor();
        await closePanel(page, lang);

        await playerField.fill('10086002');
        await check();
        await addAndOpenPanel(page, lang);
        await expect.poll(() => panel.getByTestId('cart-line').count()).toBe(2);
        await closePanel(page, lang);

        // The first character again: its line is raised, no third line.
        await playerField.fill('10086001');
        await check();
        await addAndOpenPanel(page, lang);
        await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('3');
        await expect(panel.getByTestId('cart-line').count()).resolves.toBe(2);
        expect(adds()).toBe(2);

        const lines = await cartLines();
        expect(lines.map((l) => [l.player_id, l.num]).sort()).toEqual([
          ['10086001', 2],
          ['10086002', 1],
        ]);
      } finally {
        await page.context().close();
      }
    },
  );

  it.each(['zh-CN', 'en'] as const)('%s: the /cart page changes and removes lines', async (lang) => {
    const t = T[lang];
    const card = await detail(CARD_GOODS, lang);
    const topUp = await detail(TOP_UP_GOODS, lang);
    const added = await call<{ ids: number[] }>('POST', '/api/front/goods/cart/add', {
      items: [
        { goods_id: CARD_GOODS, goods_sku_id: card.skus[0]!.id, num: 1 },
        {
          goods_id: TOP_UP_GOODS,
          face_value: topUp.face_values[0]!.face_value,
          num: 1,
          player_id: 'cart-page-1',
          server_id: topUp.servers[0]!.id,
        },
      ],
      is_buy_now: 0,
    });
    expect(added.code).toBe(200);

    const page = await openLoggedIn(lang, '/cart');
    try {
      const main = page.locator('main');
      await main.getByRole('heading', { level: 1, name: t.pages.cart.heading }).waitFor();
      await expect.poll(() => main.getByTestId('cart-line').count()).toBe(2);
      const cardQuantity = quantityOf(main, lang, card.name);
      await expect(cardQuantity.inputValue()).resolves.toBe('1');

      // The + step: one update call, the list reloads with the server's quantity and total.
      await main.getByRole('button', { name: fill(t.cart.increaseOf, { name: card.name }) }).click();
      await expect.poll(() => cardQuantity.inputValue()).toBe('2');
      await expect.poll(() => cardQuantity.isEnabled()).toBe(true);

      // A typed quantity is sent when Enter is pressed.
      await cardQuantity.fill('5');
      await cardQuantity.press('Enter');
      await expect.poll(async () => (await cartLines(lang)).find((l) => l.goods_sku_id)?.num).toBe(5);
      await expect.poll(() => cardQuantity.inputValue()).toBe('5');
      await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('6');
      const show = await call<Line[]>('GET', '/api/front/goods/cart/show', undefined, lang);
      const symbol = lang === 'en' ? '$' : '¥';
      await main.getByText(`${symbol}${String(show.total_pay_price)}`, { exact: true }).waitFor();

      // Remove the top-up line, then the last one: the empty state.
      await main.getByRole('button', { name: fill(t.cart.removeItem, { name: topUp.name }) }).click();
      await expect.poll(() => main.getByTestId('cart-line').count()).toBe(1);
      await main.getByRole('button', { name: fill(t.cart.removeItem, { name: card.name }) }).click();
      await main.getByText(t.cart.emptyTitle, { exact: true }).waitFor();
      await expect(page.getByTestId('cart-badge').count()).resolves.toBe(0);
      await expect(cartLines()).resolves.toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it.each(['zh-CN', 'en'] as const)('%s: the header badge shows 99+ past 99', async (lang) => {
    const t = T[lang];
    const goods = await detail(CARD_GOODS, lang);
    const page = await openLoggedIn(lang, `/category/goods/${CARD_GOODS}`);
    try {
      const quantity = page.getByLabel(t.goods.quantity, { exact: true });
      await quantity.fill('60');
      await quantity.press('Enter');
      await addAndOpenPanel(page, lang);
      await closePanel(page, lang);
      await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('60');

      await page.getByRole('radio', { name: goods.skus[1]!.spec }).check({ force: true });
      await quantity.fill('50');
      await quantity.press('Enter');
      const panel = await addAndOpenPanel(page, lang);
      await expect.poll(() => panel.getByTestId('cart-line').count()).toBe(2);
      await closePanel(page, lang);

      const link = page.getByTestId('cart-link');
      await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('99+');
      await expect(link.getAttribute('aria-label')).resolves.toBe(
        fill(lang === 'en' ? en.header.cartWithCount_other : zhCN.header.cartWithCount_other, {
          count: 110,
        }),
      );
    } finally {
      await page.context().close();
    }
  });
});

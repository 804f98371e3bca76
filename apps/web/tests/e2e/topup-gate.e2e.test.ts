// Issue 12 (decision 033), in a real browser against the real API, in both languages on a phone
// (390×844) and a desktop (1280×800): a direct top-up is bought only for a player the check found
// (the buttons stay disabled otherwise, and the API refuses a crafted order); the nickname shows on
// the goods page, at checkout and on the order; saved accounts fill the fields in one tap and can be
// forgotten; logged out, Buy now and Add to cart go on after the login (or a sign-up, which greets
// a new buyer with "welcome", not "welcome back").
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { countRequests, DEMO_BUYER, hasFocus, type Lang, shotPath, T, testShop } from './fixture';
import { fill, hasChromium, hydrated } from './harness';

/** Demo catalog (apps/api/src/db/seed/demo-catalog.ts). */
const TOP_UP_GOODS = 1; // Starbound Voyager gems: face values, four servers, a player-id hint
const CARD_GOODS = 7; // Arcway wallet card: card keys
const CHECKOUT_URL = /\/user\/order\/checkout\/([^/?#]+)$/;
const COMBOS = [
  ['zh-CN', 390, 844],
  ['en', 390, 844],
  ['zh-CN', 1280, 800],
  ['en', 1280, 800],
] as const;

type Detail = {
  name: string;
  recharge_type: number;
  topup_quantity: boolean;
  player_hint: { text: string; image: string } | null;
  servers: Array<{ id: number; name: string }>;
};
type Recent = { id: number; server_id: number; server: string; player_id: string; nickname: string };

const shop = testShop();
let token = '';

function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, lang: Lang = 'zh-CN', as = token) {
  return shop.api<T>(method, path, { body, token: as, lang });
}

async function goods(id: number, lang: Lang): Promise<Detail> {
  const body = await call<Detail>('GET', `/api/front/goods/detail?id=${id}`, undefined, lang);
  expect(body.code).toBe(200);
  return body.data;
}

async function nicknameOf(serverId: number, playerId: string): Promise<string> {
  const body = await call<{ nickname: string }>(
    'GET',
    `/api/front/goods/player?goods_id=${TOP_UP_GOODS}&server_id=${serverId}&player_id=${playerId}`,
  );
  expect(body.code).toBe(200);
  return body.data.nickname;
}

/** A page in `lang`; when `loggedIn`, every document it loads starts with the buyer's token stored. */
async function newPage(lang: Lang, width: number, height: number, loggedIn: boolean): Promise<Page> {
  const page = await shop.page({ lang, viewport: { width, height } });
  if (loggedIn) await page.context().addInitScript((value) => localStorage.setItem('token', value), token);
  return page;
}

async function openGoods(page: Page, lang: Lang, id: number): Promise<void> {
  await page.goto(`${shop.baseUrl}/category/goods/${id}`);
  await hydrated(page);
  await page.getByRole('heading', { level: 1, name: (await goods(id, lang)).name }).waitFor();
}

const buyNow = (page: Page, lang: Lang) =>
  page.getByRole('button', { name: T[lang].goods.buyNow, exact: true });
const addToCart = (page: Page, lang: Lang) =>
  page.getByRole('button', { name: T[lang].goods.addToCart, exact: true });

/** Chooses the server and types the id (the check is reset by each). */
async function enterPlayer(page: Page, lang: Lang, serverId: number, playerId: string): Promise<void> {
  await page.getByLabel(T[lang].player.server, { exact: true }).selectOption(String(serverId));
  await page.getByLabel(T[lang].player.playerId, { exact: true }).fill(playerId);
}

async function runCheck(page: Page, lang: Lang): Promise<void> {
  await page.getByRole('button', { name: T[lang].player.checkPlayer, exact: true }).click();
}

async function expectDisabled(page: Page, lang: Lang, disabled: boolean): Promise<void> {
  await expect.poll(() => buyNow(page, lang).isDisabled()).toBe(disabled);
  await expect(addToCart(page, lang).isDisabled()).resolves.toBe(disabled);
}

/** The login dialog, filled and sent with the demo buyer. */
async function logIn(page: Page, lang: Lang): Promise<void> {
  const dialog = page.getByRole('dialog', { name: T[lang].auth.loginTitle });
  await dialog.waitFor();
  await dialog.getByLabel(T[lang].auth.account, { exact: true }).fill(DEMO_BUYER.account);
  await dialog.getByLabel(T[lang].auth.password, { exact: true }).fill(DEMO_BUYER.password);
  await dialog.getByRole('button', { name: T[lang].auth.login, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function unpaidOrders(): Promise<number> {
  const body = await call<{ total: number }>('GET', '/api/front/order/list?status=pending_payment&limit=1');
  expect(body.code).toBe(200);
  return body.data.total;
}

async function cancel(oid: string, as = token): Promise<void> {
  expect((await call('POST', '/api/front/order/cancel', { oid }, 'zh-CN', as)).code).toBe(200);
}

describe.skipIf(!hasChromium())('the player check gates direct top-ups', () => {
  beforeAll(async () => {
    token = await shop.login();
  });

  it('an unknown player cannot be bought: disabled buttons, and the API refuses a crafted order', async () => {
    for (const [i, [lang, width, height]] of COMBOS.entries()) {
      const t = T[lang];
      const item = await goods(TOP_UP_GOODS, lang);
      expect(item).toMatchObject({ recharge_type: 2, topup_quantity: false });
      const server = item.servers[i % item.servers.length]!;
      // The demo supplier knows no id ending in 404, nor one shorter than 5 characters.
      const missing = i % 2 ? 'abc' : `10086${i}404`;
      const page = await newPage(lang, width, height, true);
      try {
        const creates = countRequests(page, 'POST', '/api/front/order/create');
        await openGoods(page, lang, TOP_UP_GOODS);
        // Before any check both wait, and say why; a top-up has no ×N stepper.
        await expectDisabled(page, lang, true);
        await page.getByTestId('purchase-gate').getByText(t.topUp.checkToBuy).waitFor();
        await expect(page.getByLabel(t.goods.quantity, { exact: true }).count()).resolves.toBe(0);
        await page.getByTestId('topup-once').waitFor();
        // The hint on where to find the id opens and closes.
        const hint = page.getByTestId('player-hint');
        await hint.getByText(t.topUp.hintTitle).click();
        await hint.getByText(item.player_hint!.text.slice(0, 12), { exact: false }).waitFor();
        await hint.getByRole('img', { name: t.topUp.hintImage }).waitFor();

        await enterPlayer(page, lang, server.id, missing);
        await runCheck(page, lang);
        const refusal = await call<null>(
          'GET',
          `/api/front/goods/player?goods_id=${TOP_UP_GOODS}&server_id=${server.id}&player_id=${missing}`,
          undefined,
          lang,
        );
        expect(refusal.code).not.toBe(200);
        await page.getByTestId('player-result').getByText(refusal.msg).waitFor();
        await expectDisabled(page, lang, true);
        // A click on the disabled button sends nothing.
        await buyNow(page, lang).click({ force: true });
        expect(creates()).toBe(0);

        // The same player crafted straight at the API: refused, nothing ordered or in the cart.
        const before = await unpaidOrders();
        const player = {
          goods_id: TOP_UP_GOODS,
          face_value: 60,
          num: 1,
          player_id: missing,
          server_id: server.id,
        };
        const res = await fetch(`${shop.baseUrl}/api/front/order/create`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: token,
            locale: lang,
            'idempotency-key': `topup-gate-${i}-${Date.now()}`,
          },
          body: JSON.stringify({ items: [player] }),
        });
        expect(res.status).toBe(422);
        const body = (await res.json()) as { code: number; msg: string };
        expect(body).toMatchObject({ code: 422, msg: refusal.msg });
        const cart = await call<null>(
          'POST',
          '/api/front/goods/cart/add',
          { items: [player], is_buy_now: 0 },
          lang,
        );
        expect(cart).toMatchObject({ code: 422, msg: refusal.msg });
        expect(await unpaidOrders()).toBe(before);

        await page.screenshot({
          path: shotPath(`topup-gate-${lang}-${width}.png`),
        });
      } finally {
        await page.context().close();
      }
    }
  });

  it('a found player: the nickname on the goods page, at checkout and on the order; saved accounts in one tap', async () => {
    let previous: { serverId: number; playerId: string; nickname: string } | null = null;
    for (const [i, [lang, width, height]] of COMBOS.entries()) {
      const t = T[lang];
      const item = await goods(TOP_UP_GOODS, lang);
      const server = item.servers[(i + 1) % item.servers.length]!;
      const playerId = `Gate${width}${i}x${Date.now().toString(36).slice(-4)}`;
      const nickname = await nicknameOf(server.id, playerId);
      const page = await newPage(lang, width, height, true);
      try {
        await openGoods(page, lang, TOP_UP_GOODS);
        const result = page.getByTestId('player-result');

        if (previous) {
          // The account ordered for in the round before is offered: one tap fills and confirms it.
          const recent = await call<{ list: Recent[] }>(
            'GET',
            `/api/front/player/recent?goods_id=${TOP_UP_GOODS}`,
            undefined,
            lang,
          );
          const saved = recent.data.list.find((a) => a.player_id === previous!.playerId)!;
          expect(saved).toMatchObject({ server_id: previous.serverId, nickname: previous.nickname });
          const label = `${saved.player_id} · ${saved.server} · ${saved.nickname}`;
          const chips = page.getByTestId('recent-accounts');
          await chips.getByRole('button', { name: label, exact: true }).click();
          await result.getByText(previous.nickname, { exact: false }).waitFor();
          await expect(page.getByLabel(t.player.playerId, { exact: true }).inputValue()).resolves.toBe(
            previous.playerId,
          );
          await expect(page.getByLabel(t.player.server, { exact: true }).inputValue()).resolves.toBe(
            String(previous.serverId),
          );
          await expectDisabled(page, lang, false);
          // A long saved account is cut short in its chip, never wider than a phone.
          await expect(
            page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          ).resolves.toBe(true);
          if (i === COMBOS.length - 1) {
            // Forget it: the chip goes, and so does the saved account.
            await chips
              .getByRole('button', { name: fill(t.topUp.forget, { account: label }), exact: true })
              .click();
            await chips.getByRole('button', { name: label, exact: true }).waitFor({ state: 'detached' });
            const after = await call<{ list: Recent[] }>(
              'GET',
              `/api/front/player/recent?goods_id=${TOP_UP_GOODS}`,
            );
            expect(after.data.list.map((a) => a.id)).not.toContain(saved.id);
          }
        }

        await enterPlayer(page, lang, server.id, playerId);
        await expectDisabled(page, lang, true);
        await runCheck(page, lang);
        await result.getByText(fill(t.player.found, { nickname }), { exact: true }).waitFor();
        await result.getByText(t.topUp.confirm).waitFor();
        await expectDisabled(page, lang, false);
        // Another server is another account: the check starts over.
        const other = item.servers.find((s) => s.id !== server.id)!;
        await page.getByLabel(t.player.server, { exact: true }).selectOption(String(other.id));
        await expectDisabled(page, lang, true);
        await page.getByLabel(t.player.server, { exact: true }).selectOption(String(server.id));
        await expectDisabled(page, lang, true);
        await runCheck(page, lang);
        await expectDisabled(page, lang, false);
        await page.screenshot({
          path: shotPath(`topup-found-${lang}-${width}.png`),
        });

        await buyNow(page, lang).click();
        await page.waitForURL(CHECKOUT_URL);
        const oid = CHECKOUT_URL.exec(page.url())![1]!;
        const main = page.locator('main');
        const target = (scope: typeof main) =>
          scope.getByTestId('top-up-target').filter({ hasText: fill(t.topUp.nickname, { nickname }) });
        await main.getByRole('heading', { level: 1, name: t.pages.checkout.heading }).waitFor();
        await target(main)
          .getByText(fill(t.cart.playerId, { id: playerId }))
          .waitFor();
        await target(main)
          .getByText(fill(t.cart.server, { name: server.name }))
          .waitFor();

        await page.goto(`${shop.baseUrl}/user/order/detail/${oid}`);
        await main.getByRole('heading', { level: 1, name: t.pages.orderDetail.heading }).waitFor();
        await target(main).waitFor();
        const order = await call<{ items: Array<{ nickname: string; player_id: string }> }>(
          'GET',
          `/api/front/order/detail?oid=${oid}`,
        );
        expect(order.data.items[0]).toMatchObject({ player_id: playerId, nickname });
        await cancel(oid);
        previous = { serverId: server.id, playerId, nickname };
      } finally {
        await page.context().close();
      }
    }
  });

  it('logged out, Buy now and Add to cart go on after the login or a sign-up', async () => {
    for (const [i, [lang, width, height]] of COMBOS.entries()) {
      const t = T[lang];
      const page = await newPage(lang, width, height, false);
      try {
        const creates = countRequests(page, 'POST', '/api/front/order/create');
        if (i === 0) {
          // A card: Buy now → 请先登录 → log in → its checkout.
          await openGoods(page, lang, CARD_GOODS);
          await buyNow(page, lang).click();
          await page.locator('[data-sonner-toast]').filter({ hasText: t.cart.loginFirst }).first().waitFor();
          await logIn(page, lang);
          await page.waitForURL(CHECKOUT_URL);
          await cancel(CHECKOUT_URL.exec(page.url())![1]!);
        } else if (i === 1) {
          // A sign-up instead of a login: the new buyer is welcomed, and the purchase goes on.
          await openGoods(page, lang, CARD_GOODS);
          await buyNow(page, lang).click();
          await page
            .getByRole('dialog', { name: t.auth.loginTitle })
            .getByRole('button', { name: t.auth.registerNow })
            .click();
          const dialog = page.getByRole('dialog', { name: t.auth.registerTitle });
          const email = `gate-${Date.now()}@example.test`;
          await dialog.getByLabel(t.auth.account, { exact: true }).fill(email);
          await dialog.getByLabel(t.auth.captcha, { exact: true }).fill('abcd');
          await dialog.getByRole('button', { name: t.auth.getCode, exact: true }).click();
          await dialog.getByLabel(t.auth.code, { exact: true }).fill(await shop.code(email));
          await dialog.getByLabel(t.auth.password, { exact: true }).fill('secret-pass-1');
          await dialog.getByLabel(t.auth.confirmPassword, { exact: true }).fill('secret-pass-1');
          await dialog.getByRole('button', { name: t.auth.registerAction, exact: true }).click();
          await page.getByText(fill(t.auth.welcomeNew, { brand: t.brand.name })).waitFor();
          await expect(page.getByText(t.auth.welcome, { exact: true }).count()).resolves.toBe(0);
          await page.waitForURL(CHECKOUT_URL);
          const fresh = await page.evaluate(() => localStorage.getItem('token') ?? '');
          await cancel(CHECKOUT_URL.exec(page.url())![1]!, fresh);
        } else if (i === 2) {
          // A top-up not checked yet: after the login the server field asks first, nothing is ordered.
          await openGoods(page, lang, TOP_UP_GOODS);
          await expectDisabled(page, lang, false);
          await buyNow(page, lang).click();
          await logIn(page, lang);
          const server = page.getByLabel(t.player.server, { exact: true });
          await expect.poll(() => hasFocus(server)).toBe(true);
          await expectDisabled(page, lang, true);
          expect(creates()).toBe(0);
          const item = await goods(TOP_UP_GOODS, lang);
          await enterPlayer(page, lang, item.servers[0]!.id, 'Hero12345');
          await runCheck(page, lang);
          await buyNow(page, lang).click();
          await page.waitForURL(CHECKOUT_URL);
          await cancel(CHECKOUT_URL.exec(page.url())![1]!);
        } else {
          // A top-up checked while logged out: Add to cart → log in → the line is in the cart panel.
          const item = await goods(TOP_UP_GOODS, lang);
          const server = item.servers[1]!;
          const nickname = await nicknameOf(server.id, 'Hero12345');
          await openGoods(page, lang, TOP_UP_GOODS);
          await enterPlayer(page, lang, server.id, 'Hero12345');
          await runCheck(page, lang);
          await page.getByTestId('player-result').getByText(nickname, { exact: false }).waitFor();
          await addToCart(page, lang).click();
          await logIn(page, lang);
          const panel = page.getByTestId('cart-panel');
          await panel
            .getByTestId('top-up-target')
            .filter({ hasText: fill(t.topUp.nickname, { nickname }) })
            .getByText(fill(t.cart.playerId, { id: 'Hero12345' }))
            .waitFor();
          const lines = await call<Array<{ id: number; player_id: string }>>(
            'GET',
            '/api/front/goods/cart/show',
          );
          for (const line of lines.data) await call('POST', '/api/front/goods/cart/remove', { id: line.id });
        }
      } finally {
        await page.context().close();
      }
    }
  });
});

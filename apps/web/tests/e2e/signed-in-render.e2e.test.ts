// An order's pages rendered by the server for the buyer (decision 049): the web app copies the
// token to the `session` cookie, the server renders the detail and the checkout whole with it, for
// that buyer only, never from or into the page cache; hydration keeps what the server showed; a
// logout takes the cookie away.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BUYER, type Lang, PHONE, T, countRequests, testShop, userMenu } from './fixture';
import { hasChromium, hydrated, SHOP_VARIANTS } from './harness';

/** Demo catalog (apps/api/src/db/seed/demo-catalog.ts): PlayNest gift card, with SKUs. */
const CARD_GOODS = 8;

// The page cache on, as in production: a buyer's page must never reach it.
const shop = testShop(SHOP_VARIANTS.longCache);

type Detail = { name: string; skus: Array<{ id: number }> };

let token = '';
const goodsName: Record<Lang, string> = { 'zh-CN': '', en: '' };

/** A new unpaid order of one gift card for the buyer of `buyerToken`; its number. */
async function newOrder(buyerToken: string): Promise<string> {
  const created = await shop.api<{ oid: string }>('POST', '/api/front/order/create', {
    token: buyerToken,
    body: { items: [{ goods_id: CARD_GOODS, goods_sku_id: (await goods()).skus[0]!.id, num: 1 }] },
  });
  expect(created.code, created.msg).toBe(200);
  return created.data.oid;
}

async function goods(lang: Lang = 'zh-CN'): Promise<Detail> {
  return (await shop.api<Detail>('GET', `/api/front/goods/detail?id=${CARD_GOODS}`, { lang })).data;
}

/** The document at `path` as a browser without JS gets it, with `cookie`. */
async function documentAt(path: string, cookie = '') {
  const res = await fetch(shop.baseUrl + path, { headers: { accept: 'text/html', cookie } });
  return {
    status: res.status,
    cacheControl: res.headers.get('cache-control'),
    cache: res.headers.get('x-cache'),
    html: await res.text(),
  };
}

const session = (value: string) => `session=${encodeURIComponent(value)}`;

/** What only the rendered order shows: its items' heading on the detail, the pay panel at checkout. */
const RENDERED = {
  detail: ['id="order-items"', 'data-testid="order-status"'],
  checkout: ['id="checkout-summary"', 'data-testid="checkout-countdown"', 'data-testid="checkout-pay"'],
} as const;

beforeAll(async () => {
  token = await shop.login();
  for (const lang of ['zh-CN', 'en'] as const) goodsName[lang] = (await goods(lang)).name;
});

describe('an order page rendered by the server', () => {
  it.each(['detail', 'checkout'] as const)(
    '%s: whole for the buyer of the session cookie; for anyone else, nothing of the order',
    async (kind) => {
      const oid = await newOrder(token);
      const path = `/user/order/${kind}/${oid}`;

      const mine = await documentAt(path, `language=en; ${session(token)}`);
      expect(mine.status).toBe(200);
      for (const mark of RENDERED[kind]) expect(mine.html).toContain(mark);
      expect(mine.html).toContain('<html lang="en"');
      expect(mine.html).toContain(goodsName.en);
      expect(mine.html).toContain(
        kind === 'detail' ? T.en.order.statusTitle.pending_payment : T.en.checkout.pay,
      );
      // The buyer's page is theirs alone: no shared cache keeps it, the shop's included.
      expect(mine.cacheControl).toBe('private, no-store');
      expect(mine.cache).toBeNull();

      // Without the cookie (twice: the second would be the cache's), with a token that is no
      // longer live, with another buyer's: not a trace of the order.
      const other = await shop.register('Stranger');
      const outsiders = [
        await documentAt(path),
        await documentAt(path),
        await documentAt(path, session('not-a-token')),
        await documentAt(path, session(other)),
      ];
      for (const page of outsiders) {
        expect(page.status).toBe(200);
        expect(page.cacheControl).toBe('private, no-store');
        expect(page.cache).not.toBe('HIT');
        expect(page.html).not.toContain(goodsName['zh-CN']);
        for (const mark of RENDERED[kind]) expect(page.html).not.toContain(mark);
      }
      // The other buyer is told it is not theirs, as the browser would tell them.
      expect(outsiders[3]!.html).toContain('data-testid="order-not-found"');
    },
  );
});

describe.skipIf(!hasChromium())('an order page in the browser of a buyer with a session', () => {
  it.each([
    ['zh-CN', 'detail', {}],
    ['en', 'checkout', PHONE],
  ] as const)(
    '%s %s: hydrates what the server showed, asks nothing again, and a logout ends it',
    async (lang, kind, device) => {
      // A login of its own: the logout at the end revokes the token.
      const token = await shop.login();
      const oid = await newOrder(token);
      const path = `/user/order/${kind}/${oid}`;
      // A visit with the token in localStorage copies it to the cookie.
      const page = await shop.signedInPage(token, '/404', { lang, ...device });
      try {
        const cookie = async () => (await page.context().cookies()).find((c) => c.name === 'session');
        await expect
          .poll(async () => (await cookie())?.value, { timeout: 5000 })
          .toBe(encodeURIComponent(token));
        expect((await cookie())?.sameSite).toBe('Lax');

        const orderCalls = countRequests(page, 'GET', '/api/front/order/detail');
        const response = await page.goto(shop.baseUrl + path);
        expect(await response!.text()).toContain(RENDERED[kind][0]);
        await hydrated(page);
        const main = page.locator('main');
        await main.getByText(goodsName[lang], { exact: true }).first().waitFor();
        // The countdown (detail: in the status card; checkout: the pay panel) runs on the browser's
        // clock once hydrated.
        const clock =
          kind === 'checkout'
            ? main.getByTestId('checkout-countdown').locator('time')
            : main
                .getByTestId('order-status')
                .locator('..')
                .getByText(/^\d\d:\d\d$/);
        const first = await clock.textContent();
        await expect.poll(() => clock.textContent(), { timeout: 5000 }).not.toBe(first);
        // The server's order was enough, and hydration found what it rendered (a mismatch is an
        // uncaught error of the page).
        expect(orderCalls()).toBe(0);
        expect(page.errors).toEqual([]);

        await userMenu(page, lang, DEMO_BUYER.nickname).click();
        await page.getByRole('menuitem', { name: T[lang].auth.logout }).click();
        await expect.poll(cookie).toBeUndefined();
        const after = await page.goto(shop.baseUrl + path);
        expect(await after!.text()).not.toContain(goodsName[lang]);
      } finally {
        await page.context().close();
      }
    },
  );
});

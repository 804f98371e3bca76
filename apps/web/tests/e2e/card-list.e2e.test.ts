// All card keys on one page (issue 12, decision 034), in a real browser against the real API: the
// demo buyer pays two card-key orders by balance and finds every key of both on /user/order/card,
// newest order first, in both languages at 1280×800 and 390×844. On one order "reveal all" shows
// its keys and "copy all" puts them on the clipboard, one per line; the search finds an order by
// part of its number; the CSV export holds the revealed keys. Another buyer sees an empty list.
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../app/i18n/en.json';
import { type Lang, PHONE, shot, T, testShop } from './fixture';
import { downloadedText, fill, hasChromium } from './harness';

const VIEWPORTS = [
  { width: 1280, height: 800, phone: false },
  { width: 390, height: 844, phone: true },
] as const;

type Goods = {
  id: number;
  name: string;
  recharge_type: number;
  skus: Array<{ id: number; stock: number | null }>;
};

const shop = testShop();
let buyer = '';

const call = <T>(method: 'GET' | 'POST', url: string, body?: unknown, token = buyer, lang: Lang = 'zh-CN') =>
  shop.api<T>(method, url, { body, token, lang });

/** The first two card-key goods of the demo catalog with a SKU in stock (looked up, not assumed). */
async function cardGoods(): Promise<Goods[]> {
  const found: Goods[] = [];
  for (let id = 1; id <= 40 && found.length < 2; id++) {
    const res = await call<Goods>('GET', `/api/front/goods/detail?id=${id}`);
    if (res.code === 200 && res.data.recharge_type === 1 && res.data.skus.some((s) => (s.stock ?? 1) >= 3))
      found.push(res.data);
  }
  expect(found).toHaveLength(2);
  return found;
}

/** A paid order of `num` keys of the goods' first SKU in stock. */
async function paidOrder(goods: Goods, num: number): Promise<string> {
  const sku = goods.skus.find((s) => (s.stock ?? 1) >= num)!;
  const created = await call<{ oid: string }>('POST', '/api/front/order/create', {
    items: [{ goods_id: goods.id, goods_sku_id: sku.id, num }],
  });
  expect(created.code, created.msg).toBe(200);
  const paid = await call<{ status: string }>('POST', '/api/front/order/pay', {
    oid: created.data.oid,
    method: 'balance',
  });
  expect(paid.data.status, paid.msg).toBe('completed');
  return created.data.oid;
}

function open(lang: Lang, viewport: (typeof VIEWPORTS)[number], url: string, token = buyer) {
  return shop.signedInPage(token, url, {
    lang,
    ...(viewport.phone ? PHONE : { viewport: { width: viewport.width, height: viewport.height } }),
    permissions: ['clipboard-read', 'clipboard-write'],
  });
}

describe.skipIf(!hasChromium())('all card keys of a buyer on one page', () => {
  let older = '';
  let newer = '';
  let goods: Goods[] = [];

  beforeAll(async () => {
    buyer = await shop.login();
    goods = await cardGoods();
    older = await paidOrder(goods[0]!, 2);
    newer = await paidOrder(goods[1]!, 3);
  });

  it('shows every key of both orders, reveals and copies one order whole, searches and exports', async () => {
    let secrets: string[] = [];
    for (const lang of ['zh-CN', 'en'] as const) {
      const t = T[lang];
      const names = await Promise.all(
        goods.map(
          async (g) =>
            (await call<Goods>('GET', `/api/front/goods/detail?id=${g.id}`, undefined, buyer, lang)).data
              .name,
        ),
      );
      for (const viewport of VIEWPORTS) {
        const label = `${lang} ${viewport.width}`;
        const page = await open(lang, viewport, '/user/order/card');
        try {
          const main = page.locator('main');
          await main.getByRole('heading', { level: 1, name: t.pages.orderCard.heading }).waitFor();
          const orders = main.getByTestId('card-order');
          await orders.first().waitFor();
          // Newest order first, every key of both.
          await expect(
            orders.evaluateAll((els) => els.map((e) => e.getAttribute('data-oid'))),
            label,
          ).resolves.toEqual([newer, older]);
          await main
            .getByTestId('cards-total')
            .getByText(fill(t.cardKeys.count_other, { count: 5 }))
            .waitFor();
          const newGroup = orders.nth(0);
          const oldGroup = orders.nth(1);
          await expect(newGroup.getByTestId('card-key').count()).resolves.toBe(3);
          await expect(oldGroup.getByTestId('card-key').count()).resolves.toBe(2);
          await newGroup.getByRole('heading', { level: 3, name: names[1] }).waitFor();
          await oldGroup.getByRole('heading', { level: 3, name: names[0] }).waitFor();
          await expect(
            oldGroup.getByRole('link', { name: fill(t.order.number, { oid: older }) }).getAttribute('href'),
          ).resolves.toBe(`/user/order/detail/${older}`);
          await expect(
            oldGroup.getByRole('link', { name: t.cardKeys.viewOrder }).getAttribute('href'),
          ).resolves.toBe(`/user/order/detail/${older}`);
          // The order number is never broken over lines.
          const numberLink = oldGroup.getByRole('link', { name: fill(t.order.number, { oid: older }) });
          const box = await numberLink.boundingBox();
          expect(box!.height, label).toBeLessThan(26);

          // Reveal all on the older order: its two keys shown, the newer order's still masked.
          await oldGroup
            .getByRole('button', { name: fill(t.cardKeys.revealAllLabel, { oid: older }) })
            .click();
          const shown = oldGroup.getByTestId('card-secret');
          await expect.poll(() => shown.count()).toBe(2);
          const values = await shown.allTextContents();
          for (const value of values) expect(value).toMatch(/^DEMO-/);
          if (secrets.length) expect(values, label).toEqual(secrets);
          secrets = values;
          await expect(newGroup.getByTestId('card-mask').count()).resolves.toBe(3);
          await expect(newGroup.getByTestId('card-secret').count()).resolves.toBe(0);

          // Copy all: both keys, one per line.
          await oldGroup.getByRole('button', { name: fill(t.cardKeys.copyAllLabel, { oid: older }) }).click();
          await page
            .locator('[data-sonner-toast]')
            .filter({ hasText: fill(t.cardKeys.copiedAll_other, { count: 2 }) })
            .first()
            .waitFor();
          await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(values.join('\n'));
          await shot(page, `card-list-${lang}-${viewport.width}.png`);

          if (lang === 'zh-CN' && !viewport.phone) {
            // The CSV export: a BOM, headings in the buyer's language, the two revealed keys only.
            const [download] = await Promise.all([
              page.waitForEvent('download'),
              main.getByTestId('cards-export').click(),
            ]);
            expect(download.suggestedFilename()).toMatch(/^card-keys-\d{4}-\d{2}-\d{2}\.csv$/);
            const csv = await downloadedText(download);
            expect(csv.startsWith('\uFEFF')).toBe(true);
            const lines = csv.slice(1).trimEnd().split('\r\n');
            expect(lines[0]).toBe('订单号,发放时间（Asia/Shanghai）,商品,规格,卡密');
            expect(lines.slice(1).map((l) => [l.split(',')[0], l.split(',').at(-1)])).toEqual(
              values.map((v) => [older, v]),
            );
            await page
              .locator('[data-sonner-toast]')
              .filter({ hasText: fill(t.cardKeys.exported_other, { count: 2 }) })
              .first()
              .waitFor();

            // Search by part of an order number, then by a word that matches nothing.
            const search = main.getByRole('searchbox', { name: t.cardKeys.searchLabel });
            await search.fill(older.slice(-6).toLowerCase());
            await search.press('Enter');
            await page.waitForURL(/keyword=/);
            await expect.poll(() => orders.count()).toBe(1);
            await expect(orders.first().getAttribute('data-oid')).resolves.toBe(older);
            // Revealed on this page: still shown after the search.
            await expect(orders.first().getByTestId('card-secret').allTextContents()).resolves.toEqual(
              values,
            );
            await search.fill('no-such-card-zzz');
            await search.press('Enter');
            await main.getByTestId('cards-no-match').getByText(t.cardKeys.noMatchTitle).waitFor();
            await shot(page, `card-list-no-match-${lang}-${viewport.width}.png`);
            await main.getByTestId('cards-clear').click();
            await expect.poll(() => orders.count()).toBe(2);
          }

          // One order's page links back to all keys.
          await oldGroup.getByRole('link', { name: t.cardKeys.viewOrder }).waitFor();
          await page.goto(`${shop.baseUrl}/user/order/card?oid=${older}`);
          await main.getByTestId('cards-all').click();
          await page.waitForURL(/\/user\/order\/card$/);
          await expect.poll(() => orders.count()).toBe(2);
          expect(page.errors).toEqual([]);
        } finally {
          await page.context().close();
        }
      }
    }

    // The API agrees: the same two secrets, and each reveal of the page was recorded as one.
    const again = await call<{ list: Array<{ secret: string }> }>(
      'POST',
      '/api/front/order/card/reveal_all',
      {
        oid: older,
      },
    );
    expect(again.data.list.map((k) => k.secret)).toEqual(secrets);

    // Another buyer: none of these keys, an empty list that leads to the shop.
    const stranger = await shop.register('Stranger');
    const page = await open('en', VIEWPORTS[1], '/user/order/card', stranger);
    try {
      const main = page.locator('main');
      const empty = main.getByTestId('cards-none');
      await empty.getByText(en.cardKeys.emptyTitle).waitFor();
      await expect(empty.getByRole('link', { name: en.cardKeys.shop }).getAttribute('href')).resolves.toBe(
        '/',
      );
      await expect(main.getByTestId('card-order').count()).resolves.toBe(0);
      await shot(page, 'card-list-empty-en-390.png');
      expect(page.errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});

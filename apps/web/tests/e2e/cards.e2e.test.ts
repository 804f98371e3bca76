// Card keys (issue 7, decision 020) in a real browser against the real API, in both languages: the
// demo buyer buys two gift cards by balance (delivered and completed at once), follows "view card
// keys" from the order detail, reveals one key (a DEMO-… secret), copies it (the Clipboard API in
// zh-CN, the select-the-text fallback in en), and after a reload finds it marked revealed and
// masked again; on a phone the same page works too. Another buyer opening the same address sees
// "not found"; the page without ?oid= lists all keys; an unpaid order says it is not paid yet.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BUYER, hasFocus, type Lang, PHONE, shot, T, toast, testShop, userMenu } from './fixture';
import { fill, hasChromium } from './harness';

/** Demo catalog (apps/api/src/db/seed/demo-catalog.ts): the PlayNest gift card, recharge_type 1. */
const CARD_GOODS = 8;
const MASK = '••••-••••-••••';

type Card = { id: number; goods_name: string; spec: string; instructions: string; revealed: boolean };

const shop = testShop();
let buyer = '';
let stranger = '';

function call<T>(
  method: 'GET' | 'POST',
  url: string,
  {
    body,
    token = buyer,
    lang = 'zh-CN',
    headers = {},
  }: { body?: unknown; token?: string; lang?: Lang; headers?: Record<string, string> } = {},
) {
  return shop.api<T>(method, url, { body, token, lang, headers });
}

/** An order of `num` ¥100 gift cards made through the API, paid by balance when `pay`. */
async function cardOrder(lang: Lang, num: number, pay: boolean): Promise<string> {
  const goods = await call<{ skus: Array<{ id: number }> }>(
    'GET',
    `/api/front/goods/detail?id=${CARD_GOODS}`,
  );
  const created = await call<{ oid: string }>('POST', '/api/front/order/create', {
    lang,
    body: { items: [{ goods_id: CARD_GOODS, goods_sku_id: goods.data.skus[0]!.id, num }] },
    headers: { 'idempotency-key': `e2e-cards-${Date.now()}-${Math.random().toString(36).slice(2)}` },
  });
  expect(created.code).toBe(200);
  const oid = created.data.oid;
  if (pay) {
    const paid = await call<{ status: string }>('POST', '/api/front/order/pay', {
      body: { oid, method: 'balance' },
    });
    expect(paid.code).toBe(200);
    // Card keys are delivered in the payment's transaction: the order is complete at once.
    expect(paid.data.status).toBe('completed');
  }
  return oid;
}

type Options = { phone?: boolean; clipboard?: 'grant' | 'none'; token?: string };

/** A page in `lang` holding a token (SPEC §3), opened at `url`. */
async function openAs(lang: Lang, url: string, { phone = false, clipboard, token = buyer }: Options = {}) {
  return shop.signedInPage(token, url, {
    lang,
    ...(phone ? PHONE : {}),
    ...(clipboard === 'grant' ? { permissions: ['clipboard-read', 'clipboard-write'] } : {}),
    // No Clipboard API, as on a page not served over HTTPS: the copy button falls back to selecting.
    ...(clipboard === 'none'
      ? { init: () => Object.defineProperty(navigator, 'clipboard', { value: undefined }) }
      : {}),
  });
}

describe.skipIf(!hasChromium())('card keys of the demo buyer', () => {
  beforeAll(async () => {
    buyer = await shop.login();
    stranger = await shop.register('Stranger');
  });

  it.each(['zh-CN', 'en'] as const)(
    '%s: from the paid order to a revealed, copied key that stays marked after a reload',
    async (lang) => {
      const t = T[lang];
      const oid = await cardOrder(lang, 2, true);
      const cards = await call<{ list: Card[]; total: number }>(
        'GET',
        `/api/front/order/card?oid=${oid}&page=1&limit=10`,
        { lang },
      );
      expect(cards.data.total).toBe(2);
      const [first, second] = cards.data.list as [Card, Card];

      const page = await openAs(lang, `/user/order/detail/${oid}`, {
        clipboard: lang === 'zh-CN' ? 'grant' : 'none',
      });
      try {
        const main = page.locator('main');
        await userMenu(page, lang, DEMO_BUYER.nickname).waitFor();
        await expect
          .poll(() => main.getByTestId('order-status').getAttribute('data-status'))
          .toBe('completed');
        // Any order can be taken to support; this one also leads to its keys.
        await expect(
          main.getByRole('link', { name: t.order.contactSupport }).getAttribute('href'),
        ).resolves.toBe(`/user/support?oid=${oid}`);
        await main.getByTestId('order-cards').getByText(t.order.cardsReady).waitFor();
        await shot(page, `cards-detail-${lang}-1280.png`);
        await main.getByRole('link', { name: t.order.viewCards, exact: true }).click();
        await page.waitForURL(new RegExp(`/user/order/card\\?oid=${oid}$`));

        await main.getByRole('heading', { level: 1, name: t.pages.orderCard.heading }).waitFor();
        await main.getByText(fill(t.order.number, { oid }), { exact: true }).waitFor();
        await main.getByTestId('card-safety').getByText(t.orderCard.safetyTitle).waitFor();
        await main
          .getByTestId('cards-total')
          .getByText(fill(t.orderCard.delivered_other, { count: 2 }))
          .waitFor();
        // One goods: its name once, both keys masked, its instructions once with their steps.
        const group = main.getByTestId('card-group');
        await expect(group.count()).resolves.toBe(1);
        await group.getByRole('heading', { level: 2, name: first.goods_name }).waitFor();
        const keys = group.getByTestId('card-key');
        await expect(keys.count()).resolves.toBe(2);
        await expect(keys.getByTestId('card-mask').allTextContents()).resolves.toEqual([
          MASK + t.orderCard.hidden,
          MASK + t.orderCard.hidden,
        ]);
        await keys.first().getByText(first.spec, { exact: true }).waitFor();
        const instructions = group.getByTestId('card-instructions');
        await expect(instructions.count()).resolves.toBe(1);
        const steps = first.instructions.split('\n').map((line) => line.replace(/^\d+\.\s+/, ''));
        await expect(instructions.locator('li').allTextContents()).resolves.toEqual(steps);

        // Reveal the first key: its secret in the monospace box, the other still masked.
        const key = main.locator(`[data-testid="card-key"][data-id="${first.id}"]`);
        const other = main.locator(`[data-testid="card-key"][data-id="${second.id}"]`);
        await key.getByRole('button', { name: t.orderCard.reveal }).click();
        const secret = key.getByTestId('card-secret');
        await expect.poll(() => secret.textContent()).toMatch(/^DEMO-/);
        const value = (await secret.textContent())!;
        await expect(secret.evaluate((el) => getComputedStyle(el).fontFamily)).resolves.toMatch(/mono/i);
        await key.getByTestId('card-revealed').getByText(t.orderCard.revealed).waitFor();
        await other.getByTestId('card-mask').waitFor();
        await expect(other.getAttribute('data-revealed')).resolves.toBeNull();
        // Focus moved to the copy button (the reveal button is gone).
        const copy = key.getByRole('button', { name: t.orderCard.copy });
        await expect.poll(() => hasFocus(copy)).toBe(true);

        await copy.click();
        if (lang === 'zh-CN') {
          await toast(page, t.orderCard.copied).waitFor();
          await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(value);
        } else {
          // No Clipboard API: the secret is selected (and the old copy command tried).
          await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe(value);
          await page
            .locator('[data-sonner-toast]')
            .filter({ hasText: new RegExp(`${t.orderCard.copied}|${t.orderCard.selected.slice(0, 10)}`) })
            .first()
            .waitFor();
        }
        await shot(page, `cards-revealed-${lang}-1280.png`);

        // Reloaded: nothing secret on the page, but the key is marked as revealed before.
        await page.reload();
        await key.getByTestId('card-revealed').waitFor();
        await expect(key.getAttribute('data-revealed')).resolves.toBe('true');
        await key.getByTestId('card-mask').waitFor();
        await expect(main.getByTestId('card-secret').count()).resolves.toBe(0);
        await expect(other.getByTestId('card-revealed').count()).resolves.toBe(0);
        await expect(main.textContent()).resolves.not.toContain(value);

        // The back link returns to the order.
        await main.getByTestId('cards-back').click();
        await page.waitForURL(new RegExp(`/user/order/detail/${oid}$`));
        await main.getByTestId('order-cards').waitFor();
        expect(page.errors).toEqual([]);
      } finally {
        await page.context().close();
      }

      // On a phone: the detail's link, a reveal, the same secret.
      const phone = await openAs(lang, `/user/order/detail/${oid}`, { phone: true, clipboard: 'grant' });
      try {
        const main = phone.locator('main');
        await main.getByTestId('order-cards').waitFor();
        await shot(phone, `cards-detail-${lang}-390.png`);
        await main.getByRole('link', { name: t.order.viewCards, exact: true }).click();
        await phone.waitForURL(/\/user\/order\/card\?oid=/);
        const key = main.locator(`[data-testid="card-key"][data-id="${first.id}"]`);
        await key.getByTestId('card-revealed').waitFor();
        await key.getByRole('button', { name: t.orderCard.reveal }).click();
        await expect.poll(() => key.getByTestId('card-secret').textContent()).toMatch(/^DEMO-/);
        await shot(phone, `cards-revealed-${lang}-390.png`);
        expect(phone.errors).toEqual([]);
      } finally {
        await phone.context().close();
      }
    },
  );

  it('another buyer opening the same address sees "not found" and no keys', async () => {
    const t = T.en;
    const oid = await cardOrder('en', 1, true);
    // The API gives a stranger nothing: another buyer's order is not found (issue 29), no secret.
    expect((await call('GET', `/api/front/order/card?oid=${oid}`, { token: stranger })).code).toBe(404);
    const own = await call<{ list: Card[] }>('GET', `/api/front/order/card?oid=${oid}`);
    expect(
      (
        await call('POST', '/api/front/order/card/reveal', {
          body: { id: own.data.list[0]!.id },
          token: stranger,
        })
      ).code,
    ).toBe(404);

    const page = await openAs('en', `/user/order/card?oid=${oid}`, { token: stranger });
    try {
      const main = page.locator('main');
      await main.getByTestId('order-not-found').getByText(t.order.notFoundTitle).waitFor();
      await expect(main.getByTestId('card-key').count()).resolves.toBe(0);
      await expect(main.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        t.pages.orderCard.heading,
      );
      expect(page.errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('zh-CN: without ?oid= all keys; an unpaid order is not paid yet; logged out, the login card', async () => {
    const t = T['zh-CN'];
    const page = await openAs('zh-CN', '/user/order/card');
    try {
      const main = page.locator('main');
      // Without ?oid=: every key of the buyer by order (issue 12; card-list.e2e.test.ts goes further).
      await main.getByTestId('card-order').first().waitFor();
      await expect(main.getByTestId('cards-all').count()).resolves.toBe(0);

      const oid = await cardOrder('zh-CN', 1, false);
      await page.goto(`${shop.baseUrl}/user/order/card?oid=${oid}`);
      const empty = main.getByTestId('cards-empty');
      await empty.getByText(t.orderCard.empty.unpaid.title).waitFor();
      await expect(empty.getAttribute('data-reason')).resolves.toBe('unpaid');
      await expect(empty.getByRole('link', { name: t.orders.pay }).getAttribute('href')).resolves.toBe(
        `/user/order/checkout/${oid}`,
      );
      await expect(
        empty.getByRole('link', { name: t.orderCard.backToOrder }).getAttribute('href'),
      ).resolves.toBe(`/user/order/detail/${oid}`);
      await expect(main.getByTestId('cards-all').getAttribute('href')).resolves.toBe('/user/order/card');
      // Its detail offers support but no keys.
      await page.goto(`${shop.baseUrl}/user/order/detail/${oid}`);
      await main.getByRole('link', { name: t.order.contactSupport }).waitFor();
      await expect(main.getByTestId('order-cards').count()).resolves.toBe(0);
      expect((await call('POST', '/api/front/order/cancel', { body: { oid } })).code).toBe(200);

      await page.evaluate(() => localStorage.removeItem('token'));
      await page.goto(`${shop.baseUrl}/user/order/card?oid=${oid}`);
      await main.getByTestId('page-login-prompt').waitFor();
      await expect(main.getByTestId('order-not-found').count()).resolves.toBe(0);
      expect(page.errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});

// The console's pages as an operator sees them (issue 29, decision 062), in a real browser:
// 1. axe-core (node_modules/axe-core, every rule) finds nothing on a console page, as the owner on
//    a desktop: `npm test` checks one representative page (an order: status badges, money, the
//    key's state, the audit trail) in zh-CN and en; `npm run verify` (its part `pages`, which sets
//    E2E_SWEEP=1) checks every console page in both languages (decision 073);
// 2. at 390 px the orders, buyers and audit tables are cards: the page never scrolls sideways and
//    each order's number, status and amount are on screen;
// 3. at 1280 px the audit's change column says before → after in words (no raw action, field or
//    status) and nothing in it is wider than its cell; the order page shows no idempotency key.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import labelsEn from '../../app/i18n/admin/labels.en.json';
import labelsZh from '../../app/i18n/admin/labels.zh-CN.json';
import { type Lang, PHONE, shot, type TestPage, testShop } from './fixture';
import { type Envelope, hasChromium, hydrated } from './harness';

const L = { 'zh-CN': labelsZh, en: labelsEn } as const;
const OWNER = { account: 'owner@demo.test', password: 'owner1234' } as const;
const CARD_GOODS = 8; // a gift card of the demo catalog: card keys, delivered at payment
const AXE = path.resolve(import.meta.dirname, '../../../../node_modules/axe-core/axe.min.js');
/** Every console page in both languages (npm run verify), or one representative page (npm test). */
const SWEEP = process.env.E2E_SWEEP === '1';

const shop = testShop();
let adminToken = '';
let buyerId = 0;
let oid = '';

async function admin<D>(method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await fetch(shop.baseUrl + url, {
    method,
    headers: { 'content-type': 'application/json', authorization: adminToken },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as Envelope<D>;
  expect(json.code, `${url}: ${json.msg}`).toBe(200);
  return json.data;
}

/** A console page opened with the owner's token, hydrated and loaded. */
async function consolePage(to: string, lang: Lang, options: Parameters<typeof shop.page>[0] = {}) {
  // axe's script is added inline, which the shop's CSP (decision 023) rightly refuses.
  const page = await shop.page({ lang, bypassCSP: true, ...options });
  await page.goto(`${shop.baseUrl}/404`);
  await page.evaluate((value) => localStorage.setItem('admin_token', value), adminToken);
  await goTo(page, to);
  return page;
}

/** Another console page in the same tab, loaded. */
async function goTo(page: Page, to: string) {
  await page.goto(shop.baseUrl + to);
  await hydrated(page);
  await page.getByTestId('admin-me').waitFor();
  await page.locator('main h1').first().waitFor();
  // The panels that load their own data (audit trails) have said what they hold.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

type AxeResult = { violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> };

/** Every rule of axe-core on the page as it is; the violations, one line each. */
async function axe(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(
    () => (window as unknown as { axe: { run(): Promise<AxeResult> } }).axe.run() as Promise<AxeResult>,
  );
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** How far the page scrolls sideways (0: it does not). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.skipIf(!hasChromium())('the console, page by page', () => {
  beforeAll(async () => {
    const login = await shop.api<{ token: string }>('POST', '/api/admin/auth/login', {
      body: { account: OWNER.account, password: OWNER.password },
    });
    expect(login.code, login.msg).toBe(200);
    adminToken = login.data.token;
    // The demo buyer buys a gift card by balance: a paid order with a sold key and a ledger entry.
    const token = await shop.login();
    const goods = await shop.api<{ skus: Array<{ id: number }> }>(
      'GET',
      `/api/front/goods/detail?id=${CARD_GOODS}`,
    );
    const created = await shop.api<{ oid: string }>('POST', '/api/front/order/create', {
      token,
      lang: 'zh-CN',
      body: { items: [{ goods_id: CARD_GOODS, goods_sku_id: goods.data.skus[0]!.id, num: 1 }] },
      headers: { 'idempotency-key': `e2e-console-pages-${Date.now().toString(36)}` },
    });
    expect(created.code, created.msg).toBe(200);
    oid = created.data.oid;
    const paid = await shop.api('POST', '/api/front/order/pay', {
      token,
      lang: 'zh-CN',
      body: { oid, method: 'balance' },
    });
    expect(paid.code, paid.msg).toBe(200);
    // Audited changes of several kinds: a balance adjustment, a category renamed and back.
    const buyers = await admin<{ list: Array<{ id: number }> }>(
      'GET',
      '/api/admin/buyers/list?keyword=buyer%40demo.test',
    );
    buyerId = buyers.list[0]!.id;
    await admin('POST', '/api/admin/buyers/adjust_balance', {
      id: buyerId,
      amount: '5.00',
      reason: '补偿延迟发货',
      request_key: `e2e-pages-${Date.now().toString(36)}`,
    });
    const categories = await admin<{ list: Array<{ id: number; name_zh: string }> }>(
      'GET',
      '/api/admin/catalog/category/list',
    );
    const category = categories.list[0]!;
    await admin('POST', '/api/admin/catalog/category/update', {
      id: category.id,
      name_zh: `${category.name_zh}（新）`,
    });
    await admin('POST', '/api/admin/catalog/category/update', { id: category.id, name_zh: category.name_zh });
  });

  const checked = SWEEP ? 'any console page' : "an order's page";
  it(`has no axe-core violation on ${checked}, as the owner, in zh-CN and en`, async () => {
    const order = `/admin/orders/${oid}`;
    const every = [
      '/admin',
      '/admin/orders',
      order,
      '/admin/reconciliation',
      '/admin/buyers',
      `/admin/buyers/${buyerId}`,
      '/admin/goods',
      `/admin/goods/${CARD_GOODS}`,
      '/admin/goods/new',
      '/admin/categories',
      '/admin/keys',
      `/admin/keys?goods_id=${CARD_GOODS}`,
      '/admin/banners',
      '/admin/modules',
      '/admin/zones',
      '/admin/articles',
      '/admin/links',
      '/admin/support',
      '/admin/support-replies',
      '/admin/audit',
      '/admin/operators',
      '/admin/settings',
      '/admin/account',
      '/admin/alerts',
      '/admin/alert-channels',
    ];
    const found: string[] = [];
    const sweep = [
      ['zh-CN', every],
      ['en', every],
    ] as const;
    const representative = [
      ['zh-CN', [order]],
      ['en', [order]],
    ] as const;
    for (const [lang, list] of SWEEP ? sweep : representative) {
      const page = await consolePage(list[0], lang);
      for (const to of list) {
        if (to !== list[0]) await goTo(page, to);
        const violations = await axe(page);
        for (const v of violations) found.push(`${lang} ${to}: ${v}`);
        if (violations.length > 0) console.log(`${lang} ${to}:\n  ${violations.join('\n  ')}`);
      }
      expect(page.errors, lang).toEqual([]);
      await page.context().close();
    }
    expect(found).toEqual([]);
  }, 400_000);

  it('turns tables into cards on a phone: nothing scrolls sideways, each order reads whole', async () => {
    for (const lang of ['zh-CN', 'en'] as const) {
      const page = await consolePage('/admin/orders', lang, PHONE);
      for (const to of ['/admin/orders', '/admin/buyers', '/admin/audit', '/admin/goods']) {
        if (to !== '/admin/orders') await goTo(page, to);
        expect(await sideways(page), `${lang} ${to}`).toBe(0);
        if (to === '/admin/orders') {
          const card = page.getByTestId('table-card').filter({ hasText: oid });
          await expect(card.getByText(oid, { exact: true })).toBeTruthy();
          for (const text of [oid, L[lang].status.order.completed]) {
            const box = await card.getByText(text, { exact: true }).first().boundingBox();
            expect(box, `${lang} ${text}`).not.toBeNull();
            expect(box!.x).toBeGreaterThanOrEqual(0);
            expect(box!.x + box!.width, `${lang} ${text}`).toBeLessThanOrEqual(390);
          }
          const amount = await card
            .getByText(/[¥$]\d/)
            .first()
            .boundingBox();
          expect(amount!.x + amount!.width).toBeLessThanOrEqual(390);
        }
        await shot(page, `console-phone-${to.replaceAll('/', '_')}-${lang}.png`);
      }
      await page.context().close();
    }
  }, 200_000);

  it('says every change of the audit in words at 1280 px, each inside its cell', async () => {
    for (const lang of ['zh-CN', 'en'] as const) {
      const l = L[lang];
      const page: TestPage = await consolePage('/admin/audit', lang);
      const table = page.getByTestId('audit-table');
      await table.getByText(l.action.buyer.adjust_balance, { exact: true }).first().waitFor();
      await table.getByText(l.action.category.update, { exact: true }).first().waitFor();
      const text = await table.innerText();
      for (const raw of ['buyer.adjust_balance', 'category.update', 'name_zh', 'ledger_id', 'order_paid'])
        expect(text, `${lang}: ${raw}`).not.toContain(raw);
      expect(text).toContain(l.field.name_zh);
      expect(text).toContain(l.changedTo);
      const overflowing = await page.evaluate(
        () =>
          [...document.querySelectorAll('[data-testid="audit-diff"]')].filter((el) => {
            const cell = el.closest('td')!;
            return (
              el.scrollWidth > el.clientWidth + 1 || cell.getBoundingClientRect().right > window.innerWidth
            );
          }).length,
      );
      expect(overflowing).toBe(0);
      expect(await sideways(page)).toBe(0);
      await shot(page, `console-audit-${lang}.png`);
      await page.context().close();

      const order = await consolePage(`/admin/orders/${oid}`, lang);
      const shown = await order.locator('main').innerText();
      expect(shown).not.toMatch(/order:\w+:pay|order_paid|\bsold\b/);
      expect(shown).toContain(l.status.card_key.sold);
      expect(shown).toContain(l.ref.orderPay.replace('{{oid}}', oid));
      await shot(order, `console-order-${lang}.png`);
      await order.context().close();
    }
  }, 200_000);
});

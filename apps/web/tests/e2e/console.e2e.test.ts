// The operator console (issue 14) in a real browser against the real API, in both languages: the
// owner logs in at /admin/login, creates a category, then a card-key goods with two SKUs, zh/en
// texts and a picture uploaded through the picture control (after the form refused an empty name
// in the operator's language), imports 100 pasted keys into one SKU (3 repeated lines reported as
// duplicates, the progress bar seen while the batch is on its way), and puts the goods on sale from
// the list. The demo buyer finds it by search, buys one key by balance and reveals one of the 97.
// The staff account edits the goods, but its navigation has no settings or operators and the API
// answers 403 to its settings and operator calls. The audit log shows every step and who took it.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import authEn from '../../app/i18n/admin/auth.en.json';
import authZh from '../../app/i18n/admin/auth.zh-CN.json';
import catalogEn from '../../app/i18n/admin/catalog.en.json';
import catalogZh from '../../app/i18n/admin/catalog.zh-CN.json';
import commonEn from '../../app/i18n/admin/common.en.json';
import commonZh from '../../app/i18n/admin/common.zh-CN.json';
import keysEn from '../../app/i18n/admin/keys.en.json';
import keysZh from '../../app/i18n/admin/keys.zh-CN.json';
import labelsEn from '../../app/i18n/admin/labels.en.json';
import labelsZh from '../../app/i18n/admin/labels.zh-CN.json';
import { countRequests, hasFocus, type Lang, shot, T, testShop, toast } from './fixture';
import { type Envelope, fill, hasChromium, hydrated } from './harness';

/** The console's own texts (apps/web/app/components/admin/use-admin-t.ts). */
const A = {
  'zh-CN': { common: commonZh, auth: authZh, catalog: catalogZh, keys: keysZh, labels: labelsZh },
  en: { common: commonEn, auth: authEn, catalog: catalogEn, keys: keysEn, labels: labelsEn },
} as const;

/** The demo operators (apps/api/src/db/seed/seed-demo.ts). */
const OWNER = { email: 'owner@demo.test', password: 'owner1234', name: '店主' } as const;
const STAFF = { email: 'staff@demo.test', password: 'staff1234', name: '客服小王' } as const;

const CHECKOUT_URL = /\/user\/order\/checkout\/(\w+)$/;
const KEYS = 100;
const REPEATED = 3;

const shop = testShop();

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real size × size RGB PNG, a diagonal gradient, written to `file`. */
function writePng(file: string, size: number, from: number[], to: number[]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const f = (x + y) / (2 * (size - 1));
      for (let c = 0; c < 3; c++) row[1 + x * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * f);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  fs.writeFileSync(file, bytes);
  return bytes;
}

/** A direct call to the admin API with an operator's token: the HTTP status and the envelope. */
async function adminFetch<D = unknown>(
  method: 'GET' | 'POST',
  urlPath: string,
  token: string,
  body?: unknown,
): Promise<{ status: number; body: Envelope<D> }> {
  const res = await fetch(shop.baseUrl + urlPath, {
    method,
    headers: { 'content-type': 'application/json', authorization: token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Envelope<D> };
}

const adminTokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('admin_token') ?? '');

/** The console's navigation that is shown at this width (sidebar at 1280 px, a row on a tablet). */
const consoleNav = (page: Page, lang: Lang) =>
  page.getByRole('navigation', { name: A[lang].common.nav.label });

/** Logs in through /admin/login as a person would; resolves on the console's overview. */
async function consoleLogin(
  lang: Lang,
  who: { email: string; password: string; name: string },
): Promise<Page & { errors: string[] }> {
  const a = A[lang];
  const page = await shop.page({ lang });
  await page.goto(`${shop.baseUrl}/admin/login`);
  await hydrated(page);
  const form = page.getByTestId('admin-login');
  await form.getByRole('heading', { name: a.auth.login.title }).waitFor();
  // Nothing typed: the form names what is missing, in the operator's language.
  await form.getByRole('button', { name: a.auth.login.submit, exact: true }).click();
  await form.getByText(a.auth.login.emailRequired, { exact: true }).waitFor();
  await form.getByLabel(a.auth.login.email, { exact: true }).fill(who.email);
  await form.getByLabel(a.auth.login.password, { exact: true }).fill(who.password);
  await form.getByRole('button', { name: a.auth.login.submit, exact: true }).click();
  await page.waitForURL(/\/admin$/);
  await page.getByTestId('admin-me').getByText(who.name, { exact: true }).waitFor();
  expect(await adminTokenOf(page)).not.toBe('');
  return page;
}

/** Back to the top, so a full-page shot has its sticky header where it belongs. */
const toTop = (page: Page) => page.evaluate(() => window.scrollTo(0, 0));

/** Goes to a console page by its link in the navigation. */
async function open(page: Page, lang: Lang, label: string, url: RegExp) {
  await consoleNav(page, lang).getByRole('link', { name: label, exact: true }).click();
  await page.waitForURL(url);
}

type AdminGoods = {
  id: number;
  image: string;
  on_sale: number;
  recharge_type: number;
  spec_type: number;
  name_zh: string;
  name_en: string;
  subtitle_zh: string;
  skus: Array<{ id: number; spec_zh: string; spec_en: string; price_cny: string; price_usd: string | null }>;
};

describe.skipIf(!hasChromium())('the operator console', () => {
  it.each(['zh-CN', 'en'] as const)(
    '%s: category, goods with two SKUs and a picture, 100 keys, on sale; bought and revealed; staff limits; audited',
    async (lang) => {
      const a = A[lang];
      const t = T[lang];
      const en = lang === 'en';
      const tag = `${en ? 'E' : 'Z'}${Date.now().toString(36)}`;
      const category = { zh: `控制台分类${tag}`, en: `Console shelf ${tag}` };
      const goodsName = { zh: `控制台点卡${tag}`, en: `Console card ${tag}` };
      const skuNames = [
        { zh: `月卡${tag}`, en: `Month pass ${tag}`, cny: '12.50', usd: '1.99' },
        { zh: `季卡${tag}`, en: `Season pass ${tag}`, cny: '30.00', usd: '' },
      ] as const;
      const shown = (v: { zh: string; en: string }) => (en ? v.en : v.zh);
      const picture = path.join('/tmp', `console-e2e-${tag}.png`);
      const pictureBytes = writePng(picture, 64, [234, 88, 12], [37, 99, 235]);

      // 1. The owner logs in through the console's own page.
      const owner = await consoleLogin(lang, OWNER);
      let goodsId!: number;
      let imageUrl!: string;
      const imported: string[] = [];
      try {
        const ownerToken = await adminTokenOf(owner);
        const nav = consoleNav(owner, lang);
        for (const label of [a.common.nav.siteSettings, a.common.nav.operators, a.common.nav.keys])
          await nav.getByRole('link', { name: label, exact: true }).waitFor();

        // 2. A category, both names, from the categories page (its dialog checks first).
        await open(owner, lang, a.common.nav.categories, /\/admin\/categories$/);
        await owner.getByRole('button', { name: a.catalog.categories.new, exact: true }).click();
        const dialog = owner.getByRole('dialog', { name: a.catalog.categories.new });
        await dialog.getByRole('button', { name: a.common.save, exact: true }).click();
        await dialog
          .getByText(fill(a.common.required, { field: a.catalog.categories.nameZh }), { exact: true })
          .waitFor();
        await dialog.getByLabel(a.catalog.categories.nameZh, { exact: true }).fill(category.zh);
        await dialog.getByLabel(a.catalog.categories.nameEn, { exact: true }).fill(category.en);
        await dialog.getByRole('button', { name: a.common.save, exact: true }).click();
        await dialog.waitFor({ state: 'detached' });
        await toast(owner, a.catalog.categories.created).waitFor();
        await owner.getByTestId('categories-table').getByText(shown(category), { exact: true }).waitFor();

        // 3. The goods, from the list's "new goods".
        await open(owner, lang, a.common.nav.goods, /\/admin\/goods$/);
        await owner.getByRole('link', { name: a.catalog.goods.new, exact: true }).click();
        await owner.waitForURL(/\/admin\/goods\/new$/);
        const form = owner.getByTestId('goods-form');
        const f = a.catalog.form;
        const withLang = (field: string, side: 'zh' | 'en') => fill(f.withLang, { field, lang: f[side] });
        const field = (label: string) => form.getByLabel(label, { exact: true });
        const row = (n: number, header: string) => field(fill(f.rowLabel, { n, field: header }));

        // Sent empty: nothing reaches the API; each missing field says so in the operator's language,
        // next to it, and the first one has the focus.
        const creates = countRequests(owner, 'POST', '/api/admin/catalog/goods/create');
        await owner.getByTestId('goods-save').click();
        const nameZh = field(withLang(f.name, 'zh'));
        await expect.poll(() => nameZh.getAttribute('aria-invalid')).toBe('true');
        const describedBy = (await nameZh.getAttribute('aria-describedby'))!;
        await expect(owner.locator(`[id="${describedBy}"]`).textContent()).resolves.toBe(
          fill(a.common.required, { field: withLang(f.name, 'zh') }),
        );
        await form.getByText(fill(a.common.required, { field: f.category }), { exact: true }).waitFor();
        await form.getByText(fill(a.common.required, { field: f.priceCnyName }), { exact: true }).waitFor();
        await expect.poll(() => hasFocus(field(f.category))).toBe(true);
        expect(creates()).toBe(0);

        await field(f.category).selectOption({ label: shown(category) });
        await field(f.rechargeType).selectOption('1');
        await field(f.specType).selectOption('1');
        await field(withLang(f.name, 'zh')).fill(goodsName.zh);
        await field(withLang(f.name, 'en')).fill(goodsName.en);
        await field(withLang(f.subtitle, 'zh')).fill('即买即发，自动发卡');
        await field(withLang(f.subtitle, 'en')).fill('Delivered the moment you pay');
        await field(withLang(f.description, 'zh')).fill('控制台创建的点卡。\n\n付款后立即发放卡密。');
        await field(withLang(f.description, 'en')).fill(
          'A card made in the console.\n\nThe key is yours as soon as you pay.',
        );
        await field(withLang(f.instructions, 'zh')).fill('1. 打开游戏\n2. 输入卡密');
        await field(withLang(f.instructions, 'en')).fill('1. Open the game\n2. Enter the key');
        // The name error goes once it is filled and the form is sent again (below).

        // The picture through the picture control: a real PNG, uploaded with the console's grant.
        const imageBox = owner.getByTestId('goods-image');
        await imageBox.locator('input[type="file"]').setInputFiles(picture);
        await expect
          .poll(() => imageBox.locator('img').getAttribute('src'), { timeout: 15_000 })
          .toMatch(/^\/uploads\//);
        imageUrl = (await imageBox.locator('img').getAttribute('src'))!;
        await expect(imageBox.getByLabel(a.common.upload.address).inputValue()).resolves.toBe(imageUrl);
        const stored = await fetch(shop.baseUrl + imageUrl);
        expect(stored.status).toBe(200);
        expect(Buffer.from(await stored.arrayBuffer()).equals(pictureBytes)).toBe(true);

        // Two SKUs: CNY prices on both, a USD price on the first.
        await form.getByRole('button', { name: f.addOption, exact: true }).click();
        for (const [i, sku] of skuNames.entries()) {
          await row(i + 1, f.specZh).fill(sku.zh);
          await row(i + 1, f.specEn).fill(sku.en);
          await row(i + 1, f.priceCny).fill(sku.cny);
          if (sku.usd) await row(i + 1, f.priceUsd).fill(sku.usd);
        }
        await owner.getByTestId('goods-save').click();
        await owner.waitForURL(/\/admin\/goods\/\d+$/);
        goodsId = Number(/\/admin\/goods\/(\d+)$/.exec(owner.url())![1]);
        await toast(owner, f.created).waitFor();
        expect(creates()).toBe(1);
        await owner
          .getByRole('heading', { level: 1, name: fill(a.catalog.goods.editTitle, { id: goodsId }) })
          .waitFor();
        await expect(field(withLang(f.name, 'zh')).getAttribute('aria-invalid')).resolves.toBeNull();
        // Its change history on its own page already has the creation.
        await owner
          .getByTestId('audit-trail')
          .getByText(a.labels.action.goods.create, { exact: false })
          .waitFor();
        await toTop(owner);
        await shot(owner, `console-goods-editor-${lang}-1280.png`);

        // What was saved, as the API has it.
        const detail = await adminFetch<AdminGoods>(
          'GET',
          `/api/admin/catalog/goods/detail?id=${goodsId}`,
          ownerToken,
        );
        expect(detail.body.code).toBe(200);
        expect(detail.body.data).toMatchObject({
          image: imageUrl,
          on_sale: 0,
          recharge_type: 1,
          spec_type: 1,
          name_zh: goodsName.zh,
          name_en: goodsName.en,
        });
        expect(detail.body.data.skus.map((s) => [s.spec_zh, s.spec_en, s.price_cny, s.price_usd])).toEqual(
          skuNames.map((s) => [s.zh, s.en, s.cny, s.usd || null]),
        );

        // 4. 100 pasted keys under a card_key header into the first SKU; the last 3 lines repeat
        // the first 3. The header is skipped and named in the report (issue 29).
        const unique = Array.from(
          { length: KEYS - REPEATED },
          (_, i) => `CK-${tag}-${String(i + 1).padStart(3, '0')}-${(i * 7919).toString(36).toUpperCase()}`,
        );
        imported.push(...unique);
        const lines = [...unique, ...unique.slice(0, REPEATED)];
        await open(owner, lang, a.common.nav.keys, /\/admin\/keys/);
        const combo = owner.getByRole('combobox', { name: a.keys.goods.label });
        await combo.fill(shown(goodsName));
        await owner.getByRole('option', { name: new RegExp(`#${goodsId}\\b`) }).click();
        await owner.waitForURL(new RegExp(`goods_id=${goodsId}`));
        const card = owner.getByTestId('keys-stock-card').filter({ hasText: shown(skuNames[0]) });
        await card.click();
        await expect.poll(() => card.getAttribute('aria-pressed')).toBe('true');
        await owner
          .getByTestId('keys-import-target')
          .getByText(`${shown(goodsName)} · ${shown(skuNames[0])}`)
          .waitFor();
        await owner.getByLabel(a.keys.import.paste, { exact: true }).fill(['card_key', ...lines].join('\n'));
        await owner.getByText(fill(a.keys.import.found, { lines: KEYS + 1 }), { exact: true }).waitFor();

        // The batch is held on its way, so the bar is seen at 0 while it runs.
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        await owner.route('**/api/admin/keys/import', async (route) => {
          await released;
          await route.continue();
        });
        await owner
          .getByRole('button', { name: fill(a.keys.import.start, { count: KEYS + 1 }), exact: true })
          .click();
        const bar = owner.getByRole('progressbar', { name: a.keys.import.progress });
        await bar.waitFor();
        await expect(bar.getAttribute('aria-valuenow')).resolves.toBe('0');
        await expect(bar.getAttribute('aria-valuemax')).resolves.toBe(String(KEYS + 1));
        await owner
          .getByTestId('keys-import-run')
          .getByText(fill(a.keys.import.running, { batch: 1, batches: 1 }))
          .waitFor();
        release();
        const report = owner.getByTestId('keys-import-report');
        await report.waitFor();
        await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe(String(KEYS + 1));
        await owner.getByTestId('keys-import-run').getByText(a.keys.import.done, { exact: true }).waitFor();
        await expect(report.getByTestId('keys-import-imported').textContent()).resolves.toBe(
          String(KEYS - REPEATED),
        );
        await expect(report.getByTestId('keys-import-duplicates').textContent()).resolves.toBe(
          String(REPEATED),
        );
        await expect(report.getByTestId('keys-import-bad').textContent()).resolves.toBe('0');
        await expect(report.getByTestId('keys-import-header').textContent()).resolves.toBe(
          fill(a.keys.import.header, { line: 1, text: 'card_key' }),
        );
        // Each duplicate by its line number and why.
        const dupes = report.getByRole('region', { name: a.keys.import.duplicates });
        await expect(dupes.locator('li').allTextContents()).resolves.toEqual(
          [99, 100, 101].map((line) => fill(a.keys.import.line, { line }) + a.keys.import.reason.repeated),
        );
        // The stock of the SKU is the 97 keys.
        await expect.poll(() => card.locator('.text-3xl').textContent()).toBe(String(KEYS - REPEATED));
        await toTop(owner);
        await shot(owner, `console-keys-report-${lang}-1280.png`);
        await owner.unroute('**/api/admin/keys/import');

        // 5. On sale from the goods list's switch, on a tablet: the sidebar gives way to a row of
        // links, the wide table scrolls inside its card (the page itself never sideways).
        await owner.setViewportSize({ width: 820, height: 1180 });
        await open(owner, lang, a.common.nav.goods, /\/admin\/goods$/);
        const sale = owner.getByRole('switch', {
          name: fill(a.catalog.goods.saleOf, { name: shown(goodsName) }),
        });
        await expect(sale.getAttribute('aria-checked')).resolves.toBe('false');
        await sale.click();
        await toast(owner, fill(a.catalog.goods.saleOn, { name: shown(goodsName) })).waitFor();
        await expect.poll(() => sale.getAttribute('aria-checked')).toBe('true');
        await expect(
          owner.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
        ).resolves.toBe(true);
        await toTop(owner);
        await shot(owner, `console-goods-list-${lang}-820.png`);
        await owner.setViewportSize({ width: 1280, height: 800 });
        expect(owner.errors).toEqual([]);
      } catch (error) {
        await owner.screenshot({ path: `/tmp/console-e2e-failed-owner-${lang}.png`, fullPage: true });
        await owner.context().close();
        throw error;
      }

      // 6. The demo buyer finds it by search, buys one key of the first SKU by balance, reveals it.
      const buyer = await shop.signedInPage(
        await shop.login(),
        `/search?keyword=${encodeURIComponent(shown(goodsName))}`,
        { lang },
      );
      try {
        const main = buyer.locator('main');
        await main.getByRole('link', { name: shown(goodsName), exact: true }).click();
        await buyer.waitForURL(new RegExp(`/category/goods/${goodsId}$`));
        await main.getByRole('heading', { level: 1, name: shown(goodsName) }).waitFor();
        const first = main.getByRole('radio', { name: shown(skuNames[0]) });
        const second = main.getByRole('radio', { name: shown(skuNames[1]) });
        // The second SKU has no keys: sold out.
        await expect(second.isDisabled()).resolves.toBe(true);
        await first.check({ force: true });
        await expect(first.locator('xpath=..').textContent()).resolves.toContain(
          en ? skuNames[0].usd : skuNames[0].cny,
        );
        await main.getByRole('button', { name: t.goods.buyNow, exact: true }).click();
        await buyer.waitForURL(CHECKOUT_URL);
        const oid = CHECKOUT_URL.exec(buyer.url())![1]!;
        await main.getByRole('heading', { level: 1, name: t.pages.checkout.heading }).waitFor();
        await expect(
          main.getByRole('radio', { name: new RegExp(t.payment.balance) }).isChecked(),
        ).resolves.toBe(true);
        await main.getByRole('button', { name: t.checkout.pay, exact: true }).click();
        await buyer.waitForURL(new RegExp(`/user/order/detail/${oid}$`));
        await toast(buyer, t.checkout.paySuccess).waitFor();
        await main.getByRole('link', { name: t.order.viewCards, exact: true }).click();
        await buyer.waitForURL(new RegExp(`/user/order/card\\?oid=${oid}$`));
        const keys = main.getByTestId('card-key');
        await keys.first().waitFor();
        await expect(keys.count()).resolves.toBe(1);
        await keys.getByRole('button', { name: t.orderCard.reveal }).click();
        const secret = keys.getByTestId('card-secret');
        await expect.poll(() => secret.textContent()).toMatch(new RegExp(`^CK-${tag}-`));
        expect(imported).toContain(await secret.textContent());
        expect(buyer.errors).toEqual([]);
      } finally {
        await buyer.context().close();
      }

      // 7. The staff account: edits the goods; no settings nor operators, in its menu or at the API.
      const staff = await consoleLogin(lang, STAFF);
      const subtitle = en ? `Edited by staff ${tag}` : `员工修改${tag}`;
      try {
        const nav = consoleNav(staff, lang);
        await nav.getByRole('link', { name: a.common.nav.goods, exact: true }).waitFor();
        for (const label of [a.common.nav.siteSettings, a.common.nav.operators, a.common.nav.keys])
          await expect(nav.getByRole('link', { name: label, exact: true }).count()).resolves.toBe(0);

        await open(staff, lang, a.common.nav.goods, /\/admin\/goods$/);
        await staff
          .getByTestId('goods-table')
          .getByRole('link', { name: new RegExp(shown(goodsName)) })
          .click();
        await staff.waitForURL(new RegExp(`/admin/goods/${goodsId}$`));
        const form = staff.getByTestId('goods-form');
        const f = a.catalog.form;
        const subtitleField = form.getByLabel(
          fill(f.withLang, { field: f.subtitle, lang: f[en ? 'en' : 'zh'] }),
          {
            exact: true,
          },
        );
        await expect(subtitleField.inputValue()).resolves.not.toBe('');
        await subtitleField.fill(subtitle);
        await staff.getByTestId('goods-save').click();
        await toast(staff, f.saved).waitFor();
        await staff.getByTestId('audit-trail').getByText(STAFF.email, { exact: false }).first().waitFor();

        const staffToken = await adminTokenOf(staff);
        expect(staffToken).not.toBe('');
        // The token is good for what staff may do…
        const own = await adminFetch('GET', `/api/admin/catalog/goods/detail?id=${goodsId}`, staffToken);
        expect(own.status).toBe(200);
        // …and refused with 403 by the API for settings and operators.
        const refused = [
          await adminFetch('GET', '/api/admin/settings/get', staffToken),
          await adminFetch('POST', '/api/admin/settings/update', staffToken, { order_timeout_minutes: 5 }),
          await adminFetch('GET', '/api/admin/operator/list', staffToken),
          await adminFetch('POST', '/api/admin/operator/create', staffToken, {
            email: `intruder-${tag}@demo.test`,
            name: 'Intruder',
            role: 'owner',
            permissions: [],
          }),
        ];
        expect(refused.map((r) => [r.status, r.body.code])).toEqual(Array(4).fill([403, 403]));
        // The owner's token passes the same doors (so the 403s are permissions, not missing routes).
        const ownerToken = await owner.evaluate(() => localStorage.getItem('admin_token') ?? '');
        expect((await adminFetch('GET', '/api/admin/settings/get', ownerToken)).status).toBe(200);
        expect((await adminFetch('GET', '/api/admin/operator/list', ownerToken)).status).toBe(200);
        // Typed into the address bar, the settings page says it is not allowed.
        await staff.goto(`${shop.baseUrl}/admin/settings`);
        await staff.getByTestId('admin-error').getByText(a.common.forbidden, { exact: true }).waitFor();
        expect(staff.errors).toEqual([]);
      } finally {
        await staff.context().close();
      }

      // 8. The owner's audit log: every step of the journey, with who took it.
      try {
        await open(owner, lang, a.common.nav.audit, /\/admin\/audit/);
        const rows = owner.getByTestId('audit-table').locator('tbody tr');
        const search = async (values: { type: string; id?: string; keyword?: string }) => {
          // Labels wrap their controls, so a select's name ends with its choice: by the label's start.
          const control = (label: string) => owner.getByLabel(new RegExp(`^${label}`));
          await control(a.common.audit.objectType).selectOption(values.type);
          await control(a.common.audit.objectId).fill(values.id ?? '');
          await control(a.common.audit.keyword).fill(values.keyword ?? '');
          await owner.getByRole('button', { name: a.common.search, exact: true }).click();
          await owner.waitForURL(new RegExp(`object_type=${values.type}`));
          // The new rows are drawn a moment after the address changes: every row is of that object.
          await expect
            .poll(async () =>
              (await rows.allTextContents()).every((row) =>
                row.includes(
                  `${a.labels.object[values.type as keyof typeof a.labels.object]} ${values.id ?? ''}`,
                ),
              ),
            )
            .toBe(true);
        };
        // The log names actions in words (decision 062).
        const entry = (action: string) => {
          const [object, verb] = action.split('.') as [string, string];
          const label = (a.labels.action as Record<string, Record<string, string>>)[object]![verb]!;
          return rows.filter({ has: owner.getByText(label, { exact: true }) });
        };

        await search({ type: 'goods', id: String(goodsId) });
        await entry('goods.update').waitFor();
        for (const [action, actor, text] of [
          ['goods.create', OWNER.email, imageUrl],
          ['card_key.import', OWNER.email, String(KEYS - REPEATED)],
          ['goods.on_sale', OWNER.email, a.labels.field.on_sale],
          ['goods.update', STAFF.email, subtitle],
        ] as const) {
          const found = entry(action);
          await expect(found.count(), action).resolves.toBe(1);
          const content = (await found.textContent()) ?? '';
          expect(content, action).toContain(actor);
          expect(content, action).toContain(`${a.labels.object.goods} ${goodsId}`);
          expect(content, action).toContain(text);
        }
        await expect(rows.count()).resolves.toBe(4);

        await search({ type: 'category', keyword: category.zh });
        const created = entry('category.create');
        await created.waitFor();
        await expect(rows.count()).resolves.toBe(1);
        await expect(created.textContent()).resolves.toContain(OWNER.email);
        await expect(created.textContent()).resolves.toContain(category.en);
        expect(owner.errors).toEqual([]);
      } finally {
        await owner.context().close();
        fs.rmSync(picture, { force: true });
      }
    },
    120_000,
  );
});

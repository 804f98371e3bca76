import { describe, expect, it, beforeAll } from 'vitest';
import batchEn from '../../app/i18n/admin/batch.en.json';
import batchZh from '../../app/i18n/admin/batch.zh-CN.json';
import { type Lang, OWNER, PHONE, shot, testShop } from './fixture';
import { addDefaultAddress, fill, hasChromium } from './harness';

// Issue 32 (decision 081): the owner ships three merchandise orders from one CSV upload and reads
// the report of each line (an unknown order's line says why), then takes a goods off sale from
// the goods list's selection. One journey per language; the orders are made through the API.

const A = {
  'zh-CN': { batch: batchZh },
  en: { batch: batchEn },
} as const;

const MOUSE_PAD = 15; // Neon Strike mouse pad: merchandise that ships (demo catalog)
const shop = testShop();
const run = Date.now().toString(36);
let token = '';
let serial = 0;

const front = <D>(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => shop.api<D>(method, url, { body, token, lang: 'zh-CN', headers });

/** A paid mouse-pad order, through the buyer's API. */
async function paidMousePad(sku: number): Promise<string> {
  const created = await front<{ oid: string }>(
    'POST',
    '/api/front/order/create',
    { items: [{ goods_id: MOUSE_PAD, goods_sku_id: sku, num: 1 }] },
    { 'idempotency-key': `e2e-batch-${run}-${++serial}` },
  );
  expect(created.code, created.msg).toBe(200);
  const paid = await front('POST', '/api/front/order/pay', { oid: created.data.oid, method: 'balance' });
  expect(paid.code, paid.msg).toBe(200);
  return created.data.oid;
}

describe.skipIf(!hasChromium())('batch work in the console', () => {
  let sku = 0;
  beforeAll(async () => {
    token = await shop.login();
    await addDefaultAddress(shop.baseUrl, token);
    const goods = await front<{ skus: Array<{ id: number }> }>(
      'GET',
      `/api/front/goods/detail?id=${MOUSE_PAD}`,
    );
    sku = goods.data.skus[0]!.id;
    // Six mouse pads by balance: the owner credits the demo buyer first.
    const login = await shop.api<{ token: string }>('POST', '/api/admin/auth/login', {
      body: { account: OWNER.email, password: OWNER.password },
    });
    expect(login.code, login.msg).toBe(200);
    const admin = <D>(method: 'GET' | 'POST', url: string, body?: unknown) =>
      shop.api<D>(method, url, { body, token: login.data.token, lang: 'en' });
    const buyers = await admin<{ list: Array<{ id: number }> }>(
      'GET',
      '/api/admin/buyers/list?keyword=buyer%40demo.test',
    );
    const credited = await admin('POST', '/api/admin/buyers/adjust_balance', {
      id: buyers.data.list[0]!.id,
      amount: '2000.00',
      reason: 'e2e batch shipping',
      request_key: `e2e-batch-${run}`,
    });
    expect(credited.code, credited.msg).toBe(200);
  });

  it.each(['zh-CN', 'en'] as const)(
    '%s: three orders shipped from one CSV, each line reported; a goods taken off sale from the selection',
    async (lang: Lang) => {
      const b = A[lang].batch;
      const oids = [await paidMousePad(sku), await paidMousePad(sku), await paidMousePad(sku)];
      const tracking = oids.map((_, i) => `SF${run.toUpperCase()}${lang === 'en' ? 'E' : 'Z'}${i}`);
      const csv = [
        '\uFEFForder no,carrier,tracking no',
        ...oids.map((oid, i) => `${oid},"SF Express",${tracking[i]}`),
        '20990101000000000000,SF Express,SF0',
        '',
      ].join('\r\n');

      const page = await shop.consoleLogin(lang);
      try {
        await page.goto(`${shop.baseUrl}/admin/orders`);
        await page.getByTestId('orders-table').waitFor();
        await page.getByRole('button', { name: b.csv.action, exact: true }).click();
        const dialog = page.getByTestId('batch-csv-dialog');
        await dialog.getByTestId('batch-csv-file').setInputFiles({
          name: 'shipments.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(csv, 'utf8'),
        });
        await dialog.getByRole('button', { name: b.csv.submit, exact: true }).click();

        const report = page.getByTestId('batch-report');
        await report.waitFor();
        await report
          .getByTestId('batch-summary')
          .getByText(fill(b.report.summary, { done: 3, unchanged: 0, failed: 1 }))
          .waitFor();
        const rows = report.getByTestId('batch-row');
        await expect.poll(() => rows.count()).toBe(4);
        for (const [i, oid] of oids.entries()) {
          const row = rows.nth(i);
          expect(await row.getAttribute('data-state')).toBe('ok');
          expect(await row.textContent()).toContain(oid);
          expect(await row.textContent()).toContain(fill(b.report.line, { line: i + 2 }));
        }
        const bad = rows.nth(3);
        expect(await bad.getAttribute('data-state')).toBe('failed');
        expect(await bad.getByTestId('batch-message').textContent()).toBe(
          lang === 'en' ? 'This order does not exist' : '订单不存在',
        );
        await shot(page, `batch-csv-report-${lang}.png`);
        await report.getByRole('button', { name: b.report.close, exact: true }).click();

        // The buyer sees each tracking number on the order.
        for (const [i, oid] of oids.entries()) {
          const order = await front<{ items: Array<{ delivery: { tracking_no: string } | null }> }>(
            'GET',
            `/api/front/order/detail?oid=${oid}`,
          );
          expect(order.data.items[0]!.delivery?.tracking_no).toBe(tracking[i]);
        }

        // The mouse pad off sale from the goods list's selection, then back on.
        await page.goto(`${shop.baseUrl}/admin/goods?keyword=${encodeURIComponent('Neon Strike')}`);
        const table = page.getByTestId('goods-table');
        await table.waitFor();
        await table.getByTestId('select-row').first().check();
        const bar = page.getByTestId('selection-bar');
        await bar.getByText(fill(b.selected_one, { count: 1 })).waitFor();
        await bar.getByRole('button', { name: b.sale.off, exact: true }).click();
        const saleReport = page.getByTestId('batch-report');
        await saleReport.getByText(fill(b.report.summary, { done: 1, unchanged: 0, failed: 0 })).waitFor();
        await shot(page, `batch-goods-off-${lang}.png`);
        await saleReport.getByRole('button', { name: b.report.close, exact: true }).click();
        await table.getByTestId('select-row').first().check();
        await bar.getByRole('button', { name: b.sale.on, exact: true }).click();
        await page
          .getByTestId('batch-report')
          .getByText(fill(b.report.summary, { done: 1, unchanged: 0, failed: 0 }))
          .waitFor();
        expect(page.errors).toEqual([]);
      } finally {
        await page.context().close();
      }

      // At phone width (zh-CN only: lean): the picked rows' bar and the ship dialog fit, no sideways scroll.
      if (lang !== 'zh-CN') return;
      const phone = await shop.consoleLogin(lang, PHONE);
      try {
        await phone.goto(`${shop.baseUrl}/admin/orders`);
        await phone.getByTestId('orders-table').waitFor();
        await phone.getByTestId('select-page').check();
        await phone
          .getByTestId('selection-bar')
          .getByRole('button', { name: b.ship.action, exact: true })
          .click();
        await phone.getByTestId('batch-ship-dialog').waitFor();
        expect(
          await phone.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          ),
        ).toBe(0);
        await shot(phone, `batch-ship-dialog-phone-${lang}.png`);
      } finally {
        await phone.context().close();
      }
    },
  );
});

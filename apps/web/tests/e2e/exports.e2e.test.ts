// Issue 32 (decision 078): the owner exports the orders list as XLSX from the console, in both
// languages, and the test opens the downloaded file as a spreadsheet would. The shop holds the
// demo orders and 1,000 more of the demo buyer, written straight into its database as the shop
// writes a paid order and its item (SQLite file, or E2E_DATABASE_URL). That is under the at-once
// limit (EXPORT_AT_ONCE_MAX, 5,000 rows), so the file downloads at once from its signed link; the background path (a job with a
// progress bar) is tested through the API (apps/api/src/modules/exports/exports.test.ts). The
// operator's "My exports" page then lists the export, at phone width too.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_AT_ONCE_MAX } from '@shop/contract/admin/exports.endpoints';
import commonEn from '../../app/i18n/admin/common.en.json';
import commonZh from '../../app/i18n/admin/common.zh-CN.json';
import exportsEn from '../../app/i18n/admin/exports.en.json';
import exportsZh from '../../app/i18n/admin/exports.zh-CN.json';
import labelsEn from '../../app/i18n/admin/labels.en.json';
import labelsZh from '../../app/i18n/admin/labels.zh-CN.json';
import { type Lang, OWNER, shot, testShop } from './fixture';
import { hasChromium } from './harness';

const A = {
  'zh-CN': {
    common: commonZh,
    exports: exportsZh,
    labels: labelsZh,
    first: '订单号',
    paid: '支付时间（UTC+08:00）',
  },
  en: {
    common: commonEn,
    exports: exportsEn,
    labels: labelsEn,
    first: 'Order number',
    paid: 'Paid at (UTC+08:00)',
  },
} as const;

const shop = testShop();

/** The same statements on the shop's engine: SQLite's file, or E2E_DATABASE_URL's PostgreSQL. */
async function openShopDatabase() {
  const url = process.env.E2E_DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let n = 0;
    const numbered = (text: string) => text.replace(/\?/g, () => `$${(n = n + 1)}`);
    return {
      async one<T>(text: string, params: unknown[]): Promise<T> {
        n = 0;
        return (await client.query(numbered(text), params)).rows[0] as T;
      },
      async transaction(work: () => Promise<void>) {
        await client.query('begin');
        await work();
        await client.query('commit');
      },
      close: () => client.end(),
    };
  }
  const db = new Database(path.join(shop.dataDir, 'shop.db'));
  return {
    one: async <T>(text: string, params: unknown[]) => db.prepare(text).get(...params) as T,
    async transaction(work: () => Promise<void>) {
      db.exec('begin');
      await work();
      db.exec('commit');
    },
    close: async () => db.close(),
  };
}

/**
 * `count` completed orders of the demo buyer, each with one card-key item of the first demo goods,
 * paid by balance over the last days: the rows and columns the shop writes for such an order.
 */
async function seedOrders(count: number) {
  const db = await openShopDatabase();
  try {
    const buyer = await db.one<{ id: number }>('select id from users where email = ?', ['buyer@demo.test']);
    const goods = await db.one<{ id: number; name_zh: string; name_en: string }>(
      'select id, name_zh, name_en from goods order by id limit 1',
      [],
    );
    const now = Date.now();
    await db.transaction(async () => {
      for (let i = 0; i < count; i++) {
        const at = now - (i + 1) * 60_000;
        const oid = `E2E${now.toString(36).toUpperCase()}${String(i).padStart(5, '0')}`;
        const order = await db.one<{ id: number }>(
          `insert into orders (oid, user_id, status, currency, total_amount, total_cny, exchange_rate_ppm,
             item_count, pay_method, created_at, updated_at, expires_at, paid_at, completed_at,
             list_amount)
           values (?, ?, 'completed', 'CNY', ?, ?, 138000, 1, 'balance', ?, ?, ?, ?, ?, ?) returning id`,
          [oid, buyer.id, 1000 + i, 1000 + i, at, at, at + 900_000, at + 1000, at + 2000, 1000 + i],
        );
        await db.one(
          `insert into order_items (order_id, goods_id, spec_type, recharge_type, goods_name_zh,
             goods_name_en, spec_zh, spec_en, image, num, unit_price, unit_price_cny, charged_cny,
             list_unit_price)
           values (?, ?, 1, 1, ?, ?, '', '', '', 1, ?, ?, ?, ?) returning id`,
          [order.id, goods.id, goods.name_zh, goods.name_en, 1000 + i, 1000 + i, 1000 + i, 1000 + i],
        );
      }
    });
  } finally {
    await db.close();
  }
}
let total = 0;

describe.skipIf(!hasChromium())('console exports', () => {
  beforeAll(async () => {
    await seedOrders(1000);
    const login = await shop.api<{ token: string }>('POST', '/api/admin/auth/login', {
      body: { account: OWNER.email, password: OWNER.password },
    });
    const list = await shop.api<{ total: number }>('GET', '/api/admin/orders/list', {
      token: login.data.token,
      lang: 'en',
    });
    total = list.data.total;
  }, 60_000);

  it.each(['zh-CN', 'en'] as const)(
    'the owner exports the orders list as XLSX and opens it (%s)',
    async (lang: Lang) => {
      expect(total).toBeGreaterThanOrEqual(1000);
      expect(total).toBeLessThanOrEqual(EXPORT_AT_ONCE_MAX);
      const a = A[lang];
      const page = await shop.consoleLogin(lang);
      await page.goto(`${shop.baseUrl}/admin/orders`);
      await page.getByTestId('orders-table').waitFor();

      await page.getByTestId('export-orders').click();
      const dialog = page.getByTestId('export-dialog');
      await dialog.getByLabel(a.exports.dialog.xlsx).check();
      await shot(page, `exports-${lang}-dialog.png`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: a.exports.dialog.submit, exact: true }).click(),
      ]);
      const file = path.join(
        fs.mkdtempSync(path.join(os.tmpdir(), 'exports-e2e-')),
        download.suggestedFilename(),
      );
      await download.saveAs(file);
      expect(download.suggestedFilename()).toMatch(/^orders-.*\.xlsx$/);

      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(file);
      const sheet = book.worksheets[0]!;
      const rows: ExcelJS.CellValue[][] = [];
      sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
      expect(rows[0]![0]).toBe(a.first);
      expect(rows[0]).toContain(a.paid);
      expect(rows).toHaveLength(total + 1);
      // Statuses in words of the operator's language; amounts are numbers.
      const statuses = new Set(Object.values(a.labels.status.order));
      for (const row of rows.slice(1)) {
        expect(statuses.has(String(row[1]))).toBe(true);
        expect(typeof row[7]).toBe('number');
      }
      fs.rmSync(path.dirname(file), { recursive: true, force: true });

      // My exports lists it, ready, at phone width without sideways scrolling.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${shop.baseUrl}/admin/exports`);
      await page.getByRole('heading', { name: a.exports.title }).waitFor();
      const item = page.getByTestId('export-item').first();
      await item.getByText(a.exports.status.ready, { exact: true }).waitFor();
      await item.getByTestId('export-download').waitFor();
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBe(0);
      await shot(page, `exports-${lang}-phone.png`);
      await page.context().close();
    },
  );
});

import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXPORT_AT_ONCE_MAX } from '@shop/contract/admin/exports.endpoints';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSecret } from '../../keys.ts';
import { testEngines } from '../../../test/helpers.ts';
import { addOperator, as, type TestOperator } from '../../../test/operators.ts';
import { type ShopFixture, shopFixture } from '../../../test/shop-fixture.ts';
import { expireExports } from './exports.service.ts';

// Issue 32 (decisions 078–079): the console's exports on both engines, read back as a spreadsheet
// would (CSV text, XLSX through exceljs): formula starts defused while negative money stays a
// number, headings in the operator's language with the shop's zone, keys only masked, the list's
// filters, the background job's progress and its expiring link, the audit entry, and who may call
// each endpoint.

const HOUR = 3_600_000;

describe.each(testEngines())('console exports (%s)', (engine) => {
  let f: ShopFixture;
  let owner: TestOperator;
  let sales: TestOperator;
  let keysOnly: TestOperator;
  let nobody: TestOperator;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `exports-${engine}-`));
  const SECRET = 'ABCD-EFGH-IJKL-MNOP-9876';
  let seq = 0;

  async function addOrder(o: {
    goodsName: string;
    playerId?: string;
    status?: 'completed' | 'cancelled';
    cny?: number;
    at?: number;
  }) {
    seq += 1;
    const at = o.at ?? Date.UTC(2026, 5, 14, 2, 0, 0);
    const status = o.status ?? 'completed';
    const order = await f.t.db
      .insertInto('orders')
      .values({
        oid: `X${engine === 'sqlite' ? 'S' : 'P'}${String(seq).padStart(9, '0')}`,
        user_id: f.buyerId,
        status,
        currency: 'CNY',
        total_amount: o.cny ?? 9800,
        total_cny: o.cny ?? 9800,
        exchange_rate_ppm: 138_000,
        item_count: 1,
        pay_method: status === 'completed' ? 'alipay' : null,
        cancel_reason: status === 'completed' ? null : 'buyer',
        created_at: at,
        updated_at: at,
        expires_at: at + 900_000,
        paid_at: status === 'completed' ? at + 60_000 : null,
        cancelled_at: null,
        completed_at: null,
      })
      .returning(['id', 'oid'])
      .executeTakeFirstOrThrow();
    const item = await f.t.db
      .insertInto('order_items')
      .values({
        order_id: order.id,
        goods_id: f.ids.arena,
        goods_sku_id: f.ids.arena100,
        face_value: null,
        spec_type: 1,
        recharge_type: 1,
        goods_name_zh: o.goodsName,
        goods_name_en: o.goodsName,
        spec_zh: '100 元',
        spec_en: '100 CNY',
        image: '',
        player_id: o.playerId ?? '',
        num: 1,
        unit_price: o.cny ?? 9800,
        unit_price_cny: o.cny ?? 9800,
        charged_cny: o.cny ?? 9800,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { orderId: Number(order.id), oid: order.oid, itemId: Number(item.id) };
  }

  const post = (op: TestOperator | null, url: string, payload: object, locale: 'zh-CN' | 'en' = 'en') =>
    f.t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: op ? as(op, locale) : { locale, 'content-type': 'application/json' },
    });

  async function download(url: string, locale: 'zh-CN' | 'en' = 'en') {
    const res = await f.t.app.inject({ url, headers: { locale } });
    return res;
  }

  async function exportNow(op: TestOperator, kind: string, body: object) {
    const res = await post(op, `/api/admin/exports/${kind}`, body);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.mode).toBe('now');
    const file = await download(data.download_url);
    expect(file.statusCode, file.body).toBe(200);
    return { data, file };
  }

  const csvLines = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');

  async function readXlsx(raw: Buffer) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raw as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows: ExcelJS.CellValue[][] = [];
    sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
    return rows;
  }

  let evil: { oid: string; itemId: number };

  beforeAll(async () => {
    f = await shopFixture(engine, { DATA_DIR: dataDir }, { jobTimers: false });
    const db = f.t.db;
    owner = await addOperator(db, 'owner@exports.test', 'owner');
    sales = await addOperator(db, 'sales@exports.test', 'staff', ['orders']);
    keysOnly = await addOperator(db, 'keys@exports.test', 'staff', ['keys']);
    nobody = await addOperator(db, 'nobody@exports.test', 'staff', []);
    evil = await addOrder({ goodsName: '=HYPERLINK("http://x.test","click")', playerId: '+86123' });
    await addOrder({ goodsName: '@SUM(A1:A2)', playerId: '-2+3' });
    await addOrder({ goodsName: 'Plain goods', status: 'cancelled' });
    // A sold key of the first order, known in full to the test.
    await db
      .insertInto('card_keys')
      .values({
        goods_id: f.ids.arena,
        goods_sku_id: f.ids.arena100,
        face_value: null,
        option_key: `s${f.ids.arena100}`,
        secret_enc: f.t.app.cardCipher.encrypt(SECRET),
        secret_hash: f.t.app.cardCipher.hash(SECRET),
        status: 'sold',
        order_item_id: evil.itemId,
        created_at: Date.now(),
        reserved_at: Date.now(),
        sold_at: Date.now(),
      })
      .execute();
    // A debit of the buyer's balance, so the ledger holds a negative amount.
    const user = await db
      .selectFrom('users')
      .select('balance')
      .where('id', '=', f.buyerId)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('users')
      .set({ balance: Number(user.balance) - 500 })
      .where('id', '=', f.buyerId)
      .execute();
    await db
      .insertInto('wallet_ledger')
      .values({
        user_id: f.buyerId,
        type: 'adjustment',
        amount: -500,
        balance_before: Number(user.balance),
        balance_after: Number(user.balance) - 500,
        ref: '',
        idempotency_key: `test-debit-${engine}`,
        memo: '-fee =1+1',
        created_at: Date.now(),
      })
      .execute();
  });
  afterAll(async () => {
    await f?.t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('defuses formula starts in text and keeps money numbers, in CSV and XLSX', async () => {
    const { file } = await exportNow(owner, 'orders', { format: 'csv', locale: 'en', status: 'completed' });
    expect(file.headers['content-type']).toContain('text/csv');
    const lines = csvLines(file.body);
    expect(lines).toHaveLength(3);
    const evilLine = lines.find((l) => l.startsWith(evil.oid))!;
    expect(evilLine).toContain(`"'=HYPERLINK(""http://x.test"",""click"")"`);
    expect(evilLine).toContain(",'+86123,");
    expect(evilLine).toContain(',98.00,98.00,0.00,Alipay,2026-06-14 10:00:00,2026-06-14 10:01:00');
    expect(lines.join('\n')).toContain("'@SUM(A1:A2)");
    expect(lines.join('\n')).toContain("'-2+3");
    for (const line of lines.slice(1)) expect(line).not.toMatch(/(^|,)[=+\-@]/);

    const x = await exportNow(owner, 'orders', { format: 'xlsx', locale: 'en', status: 'completed' });
    expect(x.file.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(x.file.rawPayload);
    const row = rows.find((r) => r[0] === evil.oid)!;
    expect(row[3]).toBe('\'=HYPERLINK("http://x.test","click")');
    expect(row[4]).toBe("'+86123");
    expect(row[7]).toBe(98);
    expect(typeof row[8]).toBe('number');

    // The ledger: a negative amount is a number in both formats, the memo starting with - is text.
    const ledger = await exportNow(owner, 'ledger', { format: 'csv', locale: 'en', user_id: f.buyerId });
    const debit = csvLines(ledger.file.body).find((l) => l.includes('Adjustment'))!;
    expect(debit).toMatch(/,Adjustment,-5\.00,\d+\.\d\d,\d+\.\d\d,,'-fee =1\+1$/);
    const lx = await exportNow(owner, 'ledger', { format: 'xlsx', locale: 'en', user_id: f.buyerId });
    const debitRow = (await readXlsx(lx.file.rawPayload)).find((r) => r[1] === 'Adjustment')!;
    expect(debitRow[2]).toBe(-5);
    expect(debitRow[6]).toBe("'-fee =1+1");
    expect(debitRow[0]).toBeInstanceOf(Date);
  });

  it("writes headings and statuses in the operator's language, times labelled with the shop's zone", async () => {
    const zh = await exportNow(owner, 'orders', { format: 'csv', locale: 'zh-CN' });
    const [head, ...rows] = csvLines(zh.file.body);
    expect(head).toBe(
      '订单号,状态,买家,商品,玩家 ID,商品数,币种,订单金额,人民币金额,已退款（人民币）,支付方式,下单时间（UTC+08:00）,支付时间（UTC+08:00）',
    );
    expect(rows.some((r) => r.includes(',已完成,') && r.includes(',支付宝,'))).toBe(true);
    expect(rows.some((r) => r.includes(',已取消,'))).toBe(true);
    const en = await exportNow(owner, 'orders', { format: 'xlsx', locale: 'en' });
    const [enHead, ...enRows] = await readXlsx(en.file.rawPayload);
    expect(enHead).toContain('Paid at (UTC+08:00)');
    expect(enHead).toContain('Status');
    expect(enRows.map((r) => r[1])).toContain('Cancelled');
    expect(enRows.flat()).not.toContain('cancelled');
  });

  it('exports card-key sales with the key masked only', async () => {
    const { file } = await exportNow(keysOnly, 'key-sales', { format: 'csv', locale: 'en' });
    expect(file.body).not.toContain(SECRET);
    expect(file.body).toContain('ABCD');
    expect(file.body).toContain(evil.oid);
    const x = await exportNow(keysOnly, 'key-sales', { format: 'xlsx', locale: 'zh-CN' });
    const rows = await readXlsx(x.file.rawPayload);
    expect(rows[0]).toContain('卡密（已遮盖）');
    expect(JSON.stringify(rows)).not.toContain(SECRET);
    expect(String(rows[1]![4])).toMatch(/^ABCD.+76$/);
  });

  it("respects the list's filters and audits who exported what", async () => {
    const cancelled = await exportNow(sales, 'orders', { format: 'csv', locale: 'en', status: 'cancelled' });
    expect(cancelled.data.rows_total).toBe(1);
    expect(csvLines(cancelled.file.body)).toHaveLength(2);
    const byPlayer = await exportNow(sales, 'orders', { format: 'csv', locale: 'en', player_id: '+86123' });
    expect(
      csvLines(byPlayer.file.body)
        .slice(1)
        .map((l) => l.split(',')[0]),
    ).toEqual([evil.oid]);
    const nobodyBuyer = await exportNow(sales, 'orders', {
      format: 'csv',
      locale: 'en',
      buyer: 'no@one.test',
    });
    expect(csvLines(nobodyBuyer.file.body)).toHaveLength(1);

    const entry = await f.t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'export.orders')
      .where('object_id', '=', String(cancelled.data.id))
      .executeTakeFirstOrThrow();
    expect(entry.actor).toBe('sales@exports.test');
    expect(JSON.parse(entry.after_json!)).toEqual({
      format: 'csv',
      locale: 'en',
      mode: 'now',
      rows: 1,
      filters: { status: 'cancelled' },
    });
  });

  it('lets each endpoint be called only with its permission; the link is the credential', async () => {
    const cases: [string, object, TestOperator][] = [
      ['orders', {}, sales],
      ['ledger', { user_id: f.buyerId }, owner],
      ['key-sales', {}, keysOnly],
      ['refunds', {}, owner],
      ['dashboard', {}, sales],
    ];
    for (const [kind, body, allowed] of cases) {
      const payload = { format: 'csv', locale: 'en', ...body };
      expect((await post(null, `/api/admin/exports/${kind}`, payload)).statusCode, kind).toBe(401);
      expect((await post(nobody, `/api/admin/exports/${kind}`, payload)).statusCode, kind).toBe(403);
      const res = await post(allowed, `/api/admin/exports/${kind}`, payload);
      expect(res.statusCode, `${kind} ${res.body}`).toBe(200);
      const file = await download(res.json().data.download_url);
      expect(file.statusCode, kind).toBe(200);
    }
    expect(
      (await post(keysOnly, '/api/admin/exports/orders', { format: 'csv', locale: 'en' })).statusCode,
    ).toBe(403);
    const mine = await f.t.app.inject({ url: '/api/admin/exports/list', headers: as(nobody) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.list).toEqual([]);
    expect((await f.t.app.inject({ url: '/api/admin/exports/list' })).statusCode).toBe(401);
    const listed = await f.t.app.inject({ url: '/api/admin/exports/list', headers: as(sales) });
    const first = listed.json().data.list[0];
    const forged = first.download_url.replace(/sig=[^&]+/, 'sig=AAAA');
    const refused = await download(forged, 'zh-CN');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('下载链接无效');
    // A refused field is named in words.
    const bad = await post(sales, '/api/admin/exports/orders', { format: 'pdf', locale: 'en' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('File format');
  });

  it('runs a large export as a job with progress, then its link expires and the file goes', async () => {
    const base = Date.UTC(2026, 4, 1);
    const rows = Array.from({ length: EXPORT_AT_ONCE_MAX + 1 }, (_, i) => ({
      oid: `B${engine === 'sqlite' ? 'S' : 'P'}${String(i).padStart(10, '0')}`,
      user_id: f.buyerId,
      status: 'cancelled' as const,
      currency: 'CNY' as const,
      total_amount: 100 + i,
      total_cny: 100 + i,
      exchange_rate_ppm: 138_000,
      item_count: 1,
      pay_method: null,
      cancel_reason: 'timeout',
      created_at: base + i * 1000,
      updated_at: base + i * 1000,
      expires_at: base + i * 1000 + 900_000,
      paid_at: null,
      cancelled_at: null,
      completed_at: null,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await f.t.db
        .insertInto('orders')
        .values(rows.slice(i, i + 500))
        .execute();
    const period = { from: '2026-05-01', to: '2026-05-31' };

    // Through the process's job runner (the request kicks it): a CSV file of every row.
    const viaRunner = await post(owner, '/api/admin/exports/orders', {
      format: 'csv',
      locale: 'zh-CN',
      ...period,
    });
    expect(viaRunner.json().data).toMatchObject({ mode: 'job', rows_total: EXPORT_AT_ONCE_MAX + 1 });
    let ran: { status: string; download_url: string | null } | undefined;
    for (let i = 0; i < 100 && ran?.status !== 'ready'; i += 1) {
      await f.t.app.jobs.kick();
      const mine = (await f.t.app.inject({ url: '/api/admin/exports/list', headers: as(owner) })).json().data
        .list;
      ran = mine.find((e: { id: number }) => e.id === viaRunner.json().data.id);
    }
    expect(ran?.status).toBe('ready');
    const csv = await download(ran!.download_url!);
    expect(csvLines(csv.body)).toHaveLength(EXPORT_AT_ONCE_MAX + 2);
    expect(csvLines(csv.body)[0]).toContain('下单时间（UTC+08:00）');

    // The job is run by hand below (to read its progress page by page): the runner stays out.
    await f.t.app.jobs.stop();

    const res = await post(owner, '/api/admin/exports/orders', { format: 'xlsx', locale: 'en', ...period });
    expect(res.statusCode, res.body).toBe(200);
    const asked = res.json().data;
    expect(asked).toMatchObject({ mode: 'job', status: 'queued', rows_total: EXPORT_AT_ONCE_MAX + 1 });
    expect(asked.download_url).toBeNull();

    // Progress as the job writes: read from the row at each page.
    const seen: number[] = [];
    const { runExportJob } = await import('./exports.service.ts');
    const deps = {
      db: f.t.db,
      cipher: f.t.app.cardCipher,
      dataDir,
      linkSecret: localSecret(dataDir, 'export-links'),
    };
    await runExportJob(deps, asked.id, async () => {
      const row = await f.t.db
        .selectFrom('exports')
        .selectAll()
        .where('id', '=', asked.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('running');
      seen.push(Number(row.rows_done));
    });
    expect(seen).toEqual([1000, 2000, 3000, 4000, 5000, 5001]);

    const listed = (await f.t.app.inject({ url: '/api/admin/exports/list', headers: as(owner) })).json().data
      .list;
    const done = listed.find((e: { id: number }) => e.id === asked.id);
    expect(done).toMatchObject({ status: 'ready', rows_done: 5001, rows_total: 5001 });
    expect(done.byte_size).toBeGreaterThan(1000);
    expect(done.expires_at - done.finished_at).toBe(24 * HOUR);
    const file = await download(done.download_url);
    expect(file.statusCode).toBe(200);
    const sheet = await readXlsx(file.rawPayload);
    expect(sheet).toHaveLength(5002);
    expect(sheet[1]![0]).toBe(rows[0]!.oid);
    expect(sheet[5001]![8]).toBe(51.0);

    // Past its time: refused in the operator's language, and the sweep deletes the file.
    const secret = localSecret(dataDir, 'export-links');
    const past = Date.now() - 1000;
    await f.t.db.updateTable('exports').set({ expires_at: past }).where('id', '=', asked.id).execute();
    const sig = createHmac('sha256', secret).update(`export:${asked.id}:${past}`).digest('base64url');
    const expired = `/api/admin/exports/download?id=${asked.id}&expires=${past}&sig=${sig}`;
    for (const [locale, msg] of [
      ['zh-CN', '下载链接已过期，请重新导出'],
      ['en', 'This download link has expired: export again'],
    ] as const) {
      const refused = await download(expired, locale);
      expect(refused.statusCode).toBe(410);
      expect(refused.json().msg).toBe(msg);
    }
    const files = () =>
      fs.readdirSync(path.join(dataDir, 'exports')).filter((n) => n.startsWith(`${asked.id}-`));
    expect(files()).toHaveLength(1);
    expect(await expireExports(deps)).toBeGreaterThanOrEqual(1);
    expect(files()).toHaveLength(0);
    const row = await f.t.db
      .selectFrom('exports')
      .select('status')
      .where('id', '=', asked.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
  });
});

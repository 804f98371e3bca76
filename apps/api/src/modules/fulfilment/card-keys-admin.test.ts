import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseKeyText } from '@shop/domain/card-keys';
import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestApp, type TestDatabase, testEngines } from '../../../test/helpers.ts';
import { addOperator, as, type TestOperator } from '../../../test/operators.ts';
import { restockCards, shopFixture } from '../../../test/shop-fixture.ts';
import { openDatabase, type DatabaseHandle } from '../../db/dialect.ts';
import { migrations } from '../../db/migrate.ts';
import { pauseAt } from '../../db/race-points.ts';
import { insertCatalog } from '../../seed/seed-catalog.ts';
import { restockWith } from '../../seed/seed-demo.ts';
import { runImport } from '../../commands/import-keys.ts';

// Issue 14: card keys from the console, on both engines: import in idempotent batches with a
// report, stock per option, a list with masked secrets, audited reveal, and void through the key
// machine, also against a concurrent reservation. The CLI import goes through the same service.

describe.each(testEngines())('console card keys (%s)', (engine) => {
  let t: TestApp;
  let owner: TestOperator;
  let staff: TestOperator;
  let buyer: string;
  let arena: number;
  let arena100: number;
  let arena200: number;
  let saga: number;
  let faceGoods: number;
  const sku = () => ({ goodsId: arena, skuId: arena100, faceValue: null });
  let importSeq = 0;
  const newImportId = () => `test-import-${engine}-${++importSeq}-${Date.now()}`;

  const call = async (op: { token: string }, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, payload, headers: as(op) });
    return { status: res.statusCode, body: res.json(), raw: res.body, headers: res.headers };
  };
  const get = (url: string, op = staff) => call(op, 'GET', url);
  const post = (url: string, payload: object, op = staff) => call(op, 'POST', url, payload);
  const buy = async (num = 1) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/front/order/create',
      payload: { items: [{ goods_id: arena, goods_sku_id: arena100, num }] },
      headers: { authorization: buyer, locale: 'en' },
    });
    return { status: res.statusCode, body: res.json() };
  };
  const payBalance = (oid: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/front/order/pay',
      payload: { oid, method: 'balance' },
      headers: { authorization: buyer, locale: 'en' },
    });
  const skuStock = async (id = arena100) =>
    Number(
      (await t.db.selectFrom('goods_skus').select('stock').where('id', '=', id).executeTakeFirstOrThrow())
        .stock,
    );
  const audits = (action: string) =>
    t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
  /** An import request for the 100 CNY SKU from a text, as the console sends one batch. */
  const importText = (text: string, importId = newImportId(), batch = 0, option: object = {}) => {
    const { keys, bad } = parseKeyText(text);
    return post('/api/admin/keys/import', {
      import_id: importId,
      batch,
      goods_id: arena,
      goods_sku_id: arena100,
      keys,
      bad,
      ...option,
    });
  };

  /** Whole-table invariants: a key holds an order item exactly when reserved or sold; stock = available. */
  async function checkKeys() {
    const keys = await t.db
      .selectFrom('card_keys')
      .select(['id', 'status', 'order_item_id', 'option_key', 'secret_hash'])
      .execute();
    for (const k of keys)
      expect(k.order_item_id === null, `key ${k.id} ${k.status}`).toBe(
        k.status === 'available' || k.status === 'void',
      );
    const pairs = new Set(keys.map((k) => `${k.option_key}|${k.secret_hash}`));
    expect(pairs.size).toBe(keys.length);
    for (const skuId of [arena100, arena200]) {
      const available = keys.filter((k) => k.option_key === `s${skuId}` && k.status === 'available').length;
      expect(await skuStock(skuId), `stock of sku ${skuId}`).toBe(available);
    }
  }

  beforeAll(async () => {
    const shop = await shopFixture(engine);
    t = shop.t;
    ({ arena, arena100, arena200, saga } = shop.ids);
    buyer = shop.buyer;
    await t.db.updateTable('users').set({ balance: 10_000_000 }).execute();
    await t.db
      .insertInto('wallet_ledger')
      .values(
        (await t.db.selectFrom('users').select('id').execute()).map((u) => ({
          user_id: Number(u.id),
          type: 'adjustment' as const,
          amount: 10_000_000,
          balance_before: 0,
          balance_after: 10_000_000,
          ref: 'test',
          idempotency_key: `test-fund-${u.id}`,
          created_at: 0,
        })),
      )
      .execute();
    const t2 = (zh: string, en: string) => ({ zh, en });
    await t.db.transaction().execute((trx) =>
      insertCatalog(
        trx,
        {
          categories: [{ key: 'keys', name: t2('卡密', 'Keys'), icon: '/i/keys.svg' }],
          goods: [
            {
              key: 'points',
              category: 'keys',
              name: t2('点数卡', 'Points Card'),
              subtitle: t2('卡密', 'Code'),
              description: t2('描述', 'Description'),
              instructions: t2('说明', 'Instructions'),
              image: '/i/points.svg',
              recharge_type: 1,
              sales: 0,
              face_values: [
                { face_value: 60, label: t2('60 点', '60 points'), price_cny: '6', stock: 0 },
                { face_value: 300, label: t2('300 点', '300 points'), price_cny: '30', stock: 0 },
              ],
            },
          ],
          zones: [],
          articles: [],
          swipers: [],
          modules: [],
          regions: [],
        },
        restockWith(trx, t.app.cardCipher),
      ),
    );
    faceGoods = (
      await t.db
        .selectFrom('goods')
        .select('id')
        .where('name_en', '=', 'Points Card')
        .executeTakeFirstOrThrow()
    ).id;
    owner = await addOperator(t.db, `keys-owner-${engine}@test.test`, 'owner');
    staff = await addOperator(t.db, `keys-staff-${engine}@test.test`, 'staff', ['keys']);
  });
  afterEach(checkKeys);
  afterAll(() => t.close());

  it('imports 100 keys with 3 duplicates: 97 in, the 3 reported by line; a re-sent batch imports nothing', async () => {
    await restockCards(t, sku(), 0);
    const first = await importText('ALREADY-IN-STOCK-01\n');
    expect(first.status).toBe(200);
    expect(first.body.data.imported).toBe(1);
    const stockBefore = await skuStock();

    // 100 keys: line 1 is in stock already, lines 40 and 77 repeat lines 2 and 3.
    const lines = Array.from({ length: 100 }, (_, i) => `BATCH-KEY-${String(i).padStart(3, '0')}-XYZ`);
    lines[0] = 'ALREADY-IN-STOCK-01';
    lines[39] = lines[1]!;
    lines[76] = ` ${lines[2]!} `;
    const text = `${lines.join('\n')}\n\n,note\n`;
    const importId = newImportId();
    const auditsBefore = (await audits('card_key.import')).length;
    const res = await importText(text, importId, 0);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      import_id: importId,
      batch: 0,
      goods_id: arena,
      goods_sku_id: arena100,
      face_value: null,
      imported: 97,
      duplicates: [
        { line: 1, reason: 'stored' },
        { line: 40, reason: 'repeated' },
        { line: 77, reason: 'repeated' },
      ],
      bad: [{ line: 102, reason: 'empty' }],
      header: null,
    });
    expect(await skuStock()).toBe(stockBefore + 97);

    const again = await importText(text, importId, 0);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    expect(await skuStock()).toBe(stockBefore + 97);

    const entries = (await audits('card_key.import')).slice(auditsBefore);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      operator_id: staff.id,
      actor: staff.email,
      object_type: 'goods',
      object_id: String(arena),
      before_json: null,
    });
    expect(JSON.parse(entries[0]!.after_json!)).toEqual({
      option: `s${arena100}`,
      import_id: importId,
      batch: 0,
      imported: 97,
      duplicates: 3,
      bad: 1,
      header: false,
    });
    expect(entries[0]!.after_json).not.toContain('BATCH-KEY');

    // The same import id and batch for another option is not the same batch.
    const other = await importText(text, importId, 0, { goods_sku_id: arena200 });
    expect(other.status).toBe(409);
    expect(other.body.msg).toBe('This batch was already imported for another option; start the import again');
  });

  it('reads a CSV file sent as lines: header skipped and reported, BOM, quotes, CRLF, delimiters (issue 29)', async () => {
    await restockCards(t, sku(), 0);
    /** The console's batches: the file's lines as they are, the first line number of each. */
    const importLines = (text: string, size = 200, importId = newImportId()) => {
      const lines = text.split(/\r\n|\n|\r/);
      if (lines.at(-1) === '') lines.pop();
      return Promise.all(
        Array.from({ length: Math.ceil(lines.length / size) }, (_, batch) =>
          post('/api/admin/keys/import', {
            import_id: importId,
            batch,
            goods_id: arena,
            goods_sku_id: arena100,
            lines: lines.slice(batch * size, (batch + 1) * size),
            first_line: batch * size + 1,
          }),
        ),
      );
    };
    const stockBefore = await skuStock();
    const csv =
      '\uFEFFcard_key,note\r\n"CSV-A,1",first\r\nCSV-B-2,second\r\n\r\n"CSV-""C""-3"\r\n,no key\r\nCSV-B-2,again\r\n';
    const [res] = await importLines(csv);
    expect(res!.status).toBe(200);
    expect(res!.body.data).toMatchObject({
      imported: 3,
      duplicates: [{ line: 7, reason: 'repeated' }],
      bad: [{ line: 6, reason: 'empty' }],
      header: { line: 1, text: 'card_key' },
    });
    expect(await skuStock()).toBe(stockBefore + 3);
    const stored = await t.db
      .selectFrom('card_keys')
      .select('secret_hash')
      .where('option_key', '=', `s${arena100}`)
      .execute();
    const hashes = new Set(stored.map((r) => r.secret_hash));
    for (const key of ['CSV-A,1', 'CSV-B-2', 'CSV-"C"-3'])
      expect(hashes.has(t.app.cardCipher.hash(key)), key).toBe(true);
    for (const notKey of ['card_key', '\uFEFFcard_key', 'CSV-A', '"CSV-A'])
      expect(hashes.has(t.app.cardCipher.hash(notKey)), notKey).toBe(false);

    // Tab- and semicolon-separated files, a header in Chinese after blank lines, CR line ends.
    const [tabs] = await importLines('\n卡密\t备注\nTAB-1\tx,y\nTAB-2\t\n');
    expect(tabs!.body.data).toMatchObject({ imported: 2, header: { line: 2, text: '卡密' }, bad: [] });
    const [semi] = await importLines('Card Key;Note\rSEMI-1;a\rSEMI-2;b');
    expect(semi!.body.data).toMatchObject({ imported: 2, header: { line: 1, text: 'Card Key' } });

    // Only the file's first row may be a header: in a later batch `code` is a key.
    const many = ['code', ...Array.from({ length: 4 }, (_, i) => `MANY-${i}`), 'code'].join('\n');
    const batches = await importLines(many, 3);
    expect(batches.map((b) => b.body.data.header)).toEqual([{ line: 1, text: 'code' }, null]);
    expect(batches.map((b) => b.body.data.imported)).toEqual([2, 3]);

    // A quote never closed is one bad line; the keys before it are imported.
    const [quote] = await importLines('Q-1\n"Q-2\nQ-3\n');
    expect(quote!.body.data).toMatchObject({ imported: 1, bad: [{ line: 2, reason: 'quote' }] });

    // A re-sent batch answers its first report, header included, and imports nothing.
    const importId = newImportId();
    const [once] = await importLines('key\nRESENT-1\n', 200, importId);
    const [twice] = await importLines('key\nRESENT-1\n', 200, importId);
    expect(twice!.body).toEqual(once!.body);
    expect(once!.body.data).toMatchObject({ imported: 1, header: { line: 1, text: 'key' } });

    // A header the client kept as a key (its own reader) is not imported either.
    const kept = await importText('card_key\nKEPT-1\n');
    expect(kept.body.data).toMatchObject({ imported: 1, header: { line: 1, text: 'card_key' } });
    expect(hashes.has(t.app.cardCipher.hash('card_key'))).toBe(false);
    const all = await t.db.selectFrom('card_keys').select('secret_hash').execute();
    expect(all.some((r) => r.secret_hash === t.app.cardCipher.hash('card_key'))).toBe(false);

    // Lines and keys in one batch, or a batch over the limit, are refused in words.
    const both = await post('/api/admin/keys/import', {
      import_id: newImportId(),
      batch: 0,
      goods_id: arena,
      goods_sku_id: arena100,
      lines: ['X'],
      keys: [{ line: 1, secret: 'X' }],
    });
    expect(both.body).toMatchObject({
      code: 400,
      msg: 'Send either the lines of the file or the keys read from it in a batch, not both',
    });
  });

  it('reports keys of an earlier batch of the same import as stored, and counts a face value option', async () => {
    const importId = newImportId();
    const faceOption = { goods_id: faceGoods, goods_sku_id: undefined, face_value: 300 };
    const one = await importText('FACE-A-0001\nFACE-B-0002\n', importId, 0, faceOption);
    const two = await importText('FACE-C-0003\nFACE-A-0001\n', importId, 1, faceOption);
    expect(one.body.data).toMatchObject({ imported: 2, face_value: 300, goods_sku_id: null });
    expect(two.body.data).toMatchObject({ imported: 1, duplicates: [{ line: 2, reason: 'stored' }] });
    const stock = await get(`/api/admin/keys/stock?goods_id=${faceGoods}`);
    expect(stock.body.data.list.map((r: { face_value: number; available: number }) => r)).toMatchObject([
      { face_value: 60, available: 0, stock: 0, option_name_en: '60 points' },
      { face_value: 300, available: 3, stock: 3, option_name_zh: '300 点' },
    ]);
  });

  it('refuses options that are not card keys, wrong pairs and malformed keys with localized messages', async () => {
    const base = { import_id: newImportId(), batch: 0, keys: [{ line: 1, secret: 'X-1' }] };
    const topup = await post('/api/admin/keys/import', { ...base, goods_id: saga, face_value: 60 });
    expect(topup.status).toBe(400);
    expect(topup.body.msg).toBe('This product is not delivered as card keys; keys cannot be imported for it');
    const wrongPair = await post('/api/admin/keys/import', {
      ...base,
      goods_id: faceGoods,
      goods_sku_id: arena100,
    });
    expect(wrongPair.status).toBe(404);
    const both = await post('/api/admin/keys/import', {
      ...base,
      goods_id: arena,
      goods_sku_id: arena100,
      face_value: 60,
    });
    expect(both.body.msg).toBe('Choose one option: a SKU or a face value');
    const control = await post('/api/admin/keys/import', {
      ...base,
      goods_id: arena,
      goods_sku_id: arena100,
      keys: [
        { line: 1, secret: 'OK-1' },
        { line: 2, secret: 'BAD\u0007KEY' },
      ],
    });
    expect(control.status).toBe(400);
    expect(control.body.msg).toMatch(/^Key 2 /);
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/admin/keys/import',
      payload: { ...base, goods_id: saga, face_value: 60 },
      headers: as(staff, 'zh-CN'),
    });
    expect(zh.json().msg).toBe('该商品不是卡密商品，不能导入卡密');
  });

  it('never stores a secret twice under concurrent imports of overlapping keys, nor a re-sent batch twice', async () => {
    await restockCards(t, sku(), 0);
    const keys = Array.from({ length: 60 }, (_, i) => `RACE-KEY-${i}-ABCDEF`);
    // Eight imports of overlapping windows, and the same batch sent three times at once.
    const windows = Array.from({ length: 8 }, (_, i) => keys.slice(i * 5, i * 5 + 25).join('\n'));
    const sameId = newImportId();
    const results = await Promise.all([
      ...windows.map((w) => importText(w)),
      ...Array.from({ length: 3 }, () => importText(keys.slice(0, 30).join('\n'), sameId, 0)),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(11).fill(200));
    // The re-sent batch answers its first report: its keys count once.
    const imported = results.slice(0, 9).reduce((n, r) => n + (r.body.data.imported as number), 0);
    const stored = await t.db
      .selectFrom('card_keys')
      .select('secret_hash')
      .where('option_key', '=', `s${arena100}`)
      .execute();
    expect(stored).toHaveLength(60);
    expect(imported).toBe(60);
    expect(new Set(stored.map((r) => r.secret_hash)).size).toBe(60);
    const same = results.slice(8).map((r) => r.body);
    expect(same[1]).toEqual(same[0]);
    expect(same[2]).toEqual(same[0]);
    expect(await skuStock()).toBe(60);
  });

  it('counts keys per option and status and flags low stock against the goods’ alert level', async () => {
    await restockCards(t, sku(), 4);
    await t.db.updateTable('goods').set({ stock_alert: 5 }).where('id', '=', arena).execute();
    const oid = (await buy(1)).body.data.oid as string;
    const sold = (await buy(1)).body.data.oid as string;
    expect((await payBalance(sold)).json().data.status).toBe('completed');
    const res = await get(`/api/admin/keys/stock?goods_id=${arena}`);
    expect(res.status).toBe(200);
    const row = res.body.data.list.find((r: { goods_sku_id: number }) => r.goods_sku_id === arena100);
    expect(row).toMatchObject({
      goods_id: arena,
      goods_name_en: 'Arena Gift Card',
      option_name_en: '100 CNY',
      stock: 2,
      available: 2,
      reserved: 1,
      stock_alert: 5,
      low: true,
    });
    expect(row.sold).toBeGreaterThanOrEqual(1);
    const low = await get('/api/admin/keys/stock?low=1&limit=100');
    const lowKeys = low.body.data.list.map((r: { goods_sku_id: number | null }) => r.goods_sku_id);
    expect(lowKeys).toContain(arena100);
    expect(low.body.data.list.every((r: { low: boolean }) => r.low)).toBe(true);
    const all = await get('/api/admin/keys/stock?limit=100');
    // Every option of every card-key goods, and nothing else (the top-up goods has none here).
    expect(all.body.data.total).toBe(all.body.data.list.length);
    expect(all.body.data.list.some((r: { goods_id: number }) => r.goods_id === saga)).toBe(false);
    expect(all.body.data.list.some((r: { goods_id: number }) => r.goods_id === faceGoods)).toBe(true);
    await t.db.updateTable('goods').set({ stock_alert: 0 }).where('id', '=', arena).execute();
    await t.app.inject({
      method: 'POST',
      url: '/api/front/order/cancel',
      payload: { oid },
      headers: { authorization: buyer },
    });
    const goods = await get('/api/admin/keys/goods?keyword=arena');
    expect(goods.body.data.list.map((g: { id: number }) => g.id)).toEqual([arena]);
  });

  it('lists keys with masked secrets only, filtered by option, status and order number', async () => {
    await restockCards(t, sku(), 0);
    await importText('LISTED-KEY-0001-ZZ\nLISTED-KEY-0002-YY\nLISTED-KEY-0003-XX\n');
    const oid = (await buy(1)).body.data.oid as string;
    const res = await get(`/api/admin/keys/list?goods_sku_id=${arena100}&status=available`);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.list.map((k: { secret_masked: string }) => k.secret_masked)).toEqual([
      'LIST••••XX',
      'LIST••••YY',
    ]);
    expect(res.raw).not.toContain('LISTED-KEY');
    expect(res.raw).not.toContain('secret_enc');
    const held = await get(`/api/admin/keys/list?oid=${oid}`);
    expect(held.body.data.list).toMatchObject([
      { status: 'reserved', oid, secret_masked: 'LIST••••ZZ', option_name_en: '100 CNY' },
    ]);
    const byGoods = await get(`/api/admin/keys/list?goods_id=${arena}&status=reserved&order=asc`);
    expect(byGoods.body.data.list.every((k: { status: string }) => k.status === 'reserved')).toBe(true);
    const face = await get('/api/admin/keys/list?face_value=60');
    expect(face.status).toBe(400);
    expect(face.body.msg).toBe('Choose the product as well to filter by face value');
    const bad = await get('/api/admin/keys/list?status=lost');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^Key status /);
    await t.app.inject({
      method: 'POST',
      url: '/api/front/order/cancel',
      payload: { oid },
      headers: { authorization: buyer },
    });
  });

  it('reveals one key to an operator, recorded in the audit log without the secret', async () => {
    await restockCards(t, sku(), 0);
    await importText('REVEAL-ME-0001-QQ\n');
    const key = (await get(`/api/admin/keys/list?goods_sku_id=${arena100}`)).body.data.list[0];
    const res = await post('/api/admin/keys/reveal', { id: key.id });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.data).toEqual({ id: key.id, secret: 'REVEAL-ME-0001-QQ' });
    const entry = (await audits('card_key.reveal')).at(-1)!;
    expect(entry).toMatchObject({
      operator_id: staff.id,
      object_type: 'card_key',
      object_id: String(key.id),
    });
    expect(JSON.parse(entry.after_json!)).toEqual({ option: `s${arena100}`, status: 'available', oid: null });
    const all = await t.db.selectFrom('audit_log').select(['before_json', 'after_json']).execute();
    expect(JSON.stringify(all)).not.toContain('REVEAL-ME');
    expect((await post('/api/admin/keys/reveal', { id: 999_999 })).status).toBe(404);
  });

  it('voids an available key out of stock, audited; refuses a reserved, sold or void key', async () => {
    await restockCards(t, sku(), 0);
    await importText('VOID-A-0001-AA\nVOID-B-0002-BB\nVOID-C-0003-CC\n');
    const stockBefore = await skuStock();
    const list = (await get(`/api/admin/keys/list?goods_sku_id=${arena100}&status=available&order=asc`)).body
      .data.list;
    const [a] = list as { id: number }[];
    const res = await post('/api/admin/keys/void', { id: a!.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: a!.id, status: 'void', secret_masked: 'VOID••••AA' });
    expect(res.body.data.voided_at).toBeGreaterThan(0);
    expect(await skuStock()).toBe(stockBefore - 1);
    const entry = (await audits('card_key.void')).at(-1)!;
    expect(JSON.parse(entry.before_json!)).toMatchObject({ status: 'available' });
    expect(JSON.parse(entry.after_json!)).toMatchObject({ status: 'void' });
    const again = await post('/api/admin/keys/void', { id: a!.id });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('This key is void already');

    // The void key is never sold: two buyers get the other two keys.
    const first = (await buy(1)).body.data.oid as string;
    const second = (await buy(1)).body.data.oid as string;
    expect((await buy(1)).status).toBe(400);
    expect((await payBalance(second)).json().data.status).toBe('completed');
    const held = async (oid: string) =>
      (await get(`/api/admin/keys/list?oid=${oid}`)).body.data.list[0] as { id: number };
    const reserved = await post('/api/admin/keys/void', { id: (await held(first)).id });
    expect(reserved.status).toBe(409);
    expect(reserved.body.msg).toBe(
      'An unpaid order holds this key, so it cannot be voided; it can be once the order is cancelled',
    );
    const sold = await post('/api/admin/keys/void', { id: (await held(second)).id }, owner);
    expect(sold.status).toBe(409);
    expect(sold.body.msg).toBe('This key has been sold and cannot be voided');
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/admin/keys/void',
      payload: { id: (await held(second)).id },
      headers: as(owner, 'zh-CN'),
    });
    expect(zh.json().msg).toBe('该卡密已售出，不能作废');
    expect((await get(`/api/admin/keys/list?goods_sku_id=${arena100}&status=void`)).body.data.total).toBe(1);
    await t.app.inject({
      method: 'POST',
      url: '/api/front/order/cancel',
      payload: { oid: first },
      headers: { authorization: buyer },
    });
  });

  it('keeps keys and stock consistent when voids race reservations of the same keys', async () => {
    await restockCards(t, sku(), 0);
    await importText(Array.from({ length: 12 }, (_, i) => `CONTEST-${i}-KEYKEY`).join('\n'));
    const ids = (
      (await get(`/api/admin/keys/list?goods_sku_id=${arena100}&status=available&limit=100`)).body.data
        .list as {
        id: number;
      }[]
    ).map((k) => k.id);
    const [orders, voids] = await Promise.all([
      Promise.all(Array.from({ length: 8 }, () => buy(1))),
      Promise.all(ids.map((id) => post('/api/admin/keys/void', { id }))),
    ]);
    const placed = orders.filter((o) => o.status === 200).length;
    const voided = voids.filter((v) => v.status === 200).length;
    for (const v of voids.filter((v) => v.status !== 200)) expect(v.status).toBe(409);
    // Every key went one way: to an order or out of stock, never both; none left over unless
    // an order was refused while a void held the stock.
    const keys = await t.db.selectFrom('card_keys').select(['status']).where('id', 'in', ids).execute();
    expect(keys).toHaveLength(12);
    expect(keys.filter((k) => k.status === 'reserved')).toHaveLength(placed);
    expect(keys.filter((k) => k.status === 'void')).toHaveLength(voided);
    expect(placed + voided + keys.filter((k) => k.status === 'available').length).toBe(12);
    // checkKeys (afterEach) holds stock = available keys.
    for (const o of orders.filter((o) => o.status === 200))
      await t.app.inject({
        method: 'POST',
        url: '/api/front/order/cancel',
        payload: { oid: o.body.data.oid },
        headers: { authorization: buyer },
      });
  });

  it.skipIf(engine === 'sqlite')(
    'a void of the key an order has just picked waits, then is refused; the order keeps the key',
    async () => {
      await restockCards(t, sku(), 0);
      await importText('PICKED-0001-KEYKEY\nSPARE-0002-KEYKEY\n');
      const [picked, spare] = (
        (await get(`/api/admin/keys/list?goods_sku_id=${arena100}&status=available&order=asc`)).body.data
          .list as { id: number }[]
      ).map((k) => k.id);
      let competitor: Promise<{ status: number; body: { msg: string } }> | undefined;
      let spareVoid: Promise<{ status: number }> | undefined;
      const remove = pauseAt('reserve:picked', async () => {
        // The order has taken one unit of stock and picked the first key, not yet reserved it.
        competitor = post('/api/admin/keys/void', { id: picked! });
        spareVoid = post('/api/admin/keys/void', { id: spare! });
        await waitForLockWait();
      });
      try {
        const order = await buy(1);
        expect(order.status).toBe(200);
        const refused = await competitor!;
        expect(refused.status).toBe(409);
        expect(refused.body.msg).toMatch(/^An unpaid order holds this key/);
        expect((await spareVoid!).status).toBe(200);
        const held = (await get(`/api/admin/keys/list?oid=${order.body.data.oid}`)).body.data.list;
        expect(held.map((k: { id: number }) => k.id)).toEqual([picked]);
        expect(await skuStock()).toBe(0);
        await t.app.inject({
          method: 'POST',
          url: '/api/front/order/cancel',
          payload: { oid: order.body.data.oid },
          headers: { authorization: buyer },
        });
      } finally {
        remove();
      }
    },
  );

  /** PostgreSQL: until a session of this database waits for a row lock (at most 5 s). */
  async function waitForLockWait() {
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
      if (Number(rows[0]!.n) >= 1) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('imports a file with npm run import-keys through the same service, audited as the command', async () => {
    await restockCards(t, sku(), 0);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-keys-admin-'));
    const file = path.join(dir, 'keys.txt');
    fs.writeFileSync(file, `CLI-KEY-1\nCLI-KEY-2\nCLI-KEY-1\n"BAD\u0001"\n${'L'.repeat(501)}\n`);
    const lines: string[] = [];
    const before = (await audits('card_key.import')).length;
    const code = await runImport(t.db, t.app.cardCipher, ['--sku', String(arena100), file], {
      out: (l) => lines.push(l),
      progress: () => {},
    });
    expect(code).toBe(0);
    expect(lines).toEqual([
      'read 3 key(s): imported 2, skipped 1 duplicate(s), 2 bad line(s); 2 now in stock',
      '  line 4: control characters',
      '  line 5: too long',
    ]);
    const entries = (await audits('card_key.import')).slice(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      operator_id: null,
      actor: 'cli:import-keys',
      object_id: String(arena),
    });
    expect(JSON.parse(entries[0]!.after_json!)).toMatchObject({ imported: 2, duplicates: 1, bad: 2 });
  });
});

describe.each(testEngines())('migration 0021: void card keys (%s)', (engine) => {
  let target: TestDatabase;
  let handle: DatabaseHandle;
  // The schema of 0020 and 0021, which the app's row types (always the latest) do not describe.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
  let db: Kysely<any>;
  const migrator = () => new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const migrateTo = async (name: string) => {
    const { error } = await migrator().migrateTo(name);
    if (error) throw error;
  };

  beforeAll(async () => {
    target = await createTestDatabase(engine);
    handle = openDatabase({
      databaseUrl: target.url,
      dataDir: '/tmp',
      ...(target.sqliteFile ? { sqliteFile: target.sqliteFile } : {}),
    });
    db = handle.db as unknown as typeof db;
  });
  afterAll(async () => {
    await handle.destroy();
    await target.drop();
  });

  const insertId = async (table: string, values: Record<string, unknown>) =>
    Number((await db.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id);

  it('keeps every key (one in each state) and its reveals, then admits void keys only without an order', async () => {
    await migrateTo('0020_operators');
    const now = 1_700_000_000_000;
    const category = await insertId('categories', { name_zh: '卡', name_en: 'Cards', created_at: now });
    const goods = await insertId('goods', {
      category_id: category,
      name_zh: '点卡',
      name_en: 'Card',
      subtitle_zh: '',
      subtitle_en: '',
      description_zh: '',
      description_en: '',
      instructions_zh: '',
      instructions_en: '',
      image: '/i.svg',
      spec_type: 1,
      recharge_type: 1,
      created_at: now,
      updated_at: now,
    });
    const skuId = await insertId('goods_skus', {
      goods_id: goods,
      spec_zh: '100',
      spec_en: '100',
      price_cny: 100,
      stock: 1,
    });
    const user = await insertId('users', {
      email: 'm@test.test',
      password_hash: 'x',
      created_at: now,
      updated_at: now,
    });
    const order = await insertId('orders', {
      oid: 'M0021TEST0001',
      user_id: user,
      status: 'paid',
      currency: 'CNY',
      total_amount: 200,
      total_cny: 200,
      exchange_rate_ppm: 1_000_000,
      item_count: 2,
      created_at: now,
      updated_at: now,
      expires_at: now,
    });
    const item = () =>
      insertId('order_items', {
        order_id: order,
        goods_id: goods,
        goods_sku_id: skuId,
        spec_type: 1,
        recharge_type: 1,
        goods_name_zh: '点卡',
        goods_name_en: 'Card',
        spec_zh: '100',
        spec_en: '100',
        image: '/i.svg',
        num: 1,
        unit_price: 100,
        unit_price_cny: 100,
        charged_cny: 100,
      });
    const [reservedItem, soldItem] = [await item(), await item()];
    const key = (n: number, status: string, orderItem: number | null) =>
      insertId('card_keys', {
        goods_id: goods,
        goods_sku_id: skuId,
        option_key: `s${skuId}`,
        secret_enc: `v1.enc${n}`,
        secret_hash: String(n).repeat(64).slice(0, 64),
        status,
        order_item_id: orderItem,
        created_at: now + n,
        reserved_at: orderItem ? now : null,
        sold_at: status === 'sold' ? now : null,
      });
    const available = await key(1, 'available', null);
    const reserved = await key(2, 'reserved', reservedItem);
    const sold = await key(3, 'sold', soldItem);
    // A deleted key's id is never given again after the rebuild.
    const deleted = await key(4, 'available', null);
    await db.deleteFrom('card_keys').where('id', '=', deleted).execute();
    await db
      .insertInto('card_key_reveals')
      .values({ card_key_id: sold, user_id: user, ip: '127.0.0.1', created_at: now, via: 'key' })
      .execute();
    const before = await db.selectFrom('card_keys').selectAll().orderBy('id').execute();

    await migrateTo('0021_card_key_void');
    const after = await db.selectFrom('card_keys').selectAll().orderBy('id').execute();
    expect(after).toEqual(before.map((r) => ({ ...r, voided_at: null })));
    expect(await db.selectFrom('card_key_reveals').select('card_key_id').execute()).toEqual([
      { card_key_id: sold },
    ]);

    // void: only without an order item; unknown states still refused; the unique pair still holds.
    await db
      .updateTable('card_keys')
      .set({ status: 'void', voided_at: now })
      .where('id', '=', available)
      .execute();
    await expect(
      db.updateTable('card_keys').set({ status: 'void' }).where('id', '=', reserved).execute(),
    ).rejects.toThrow(/check/i);
    await expect(
      db.updateTable('card_keys').set({ status: 'lost' }).where('id', '=', available).execute(),
    ).rejects.toThrow(/check/i);
    await expect(
      db.updateTable('card_keys').set({ status: 'available' }).where('id', '=', sold).execute(),
    ).rejects.toThrow(/check/i);
    await expect(
      db
        .insertInto('card_keys')
        .values({ ...before[0], id: undefined, status: 'available', order_item_id: null })
        .execute(),
    ).rejects.toThrow(/unique/i);
    // Foreign keys still hold in both directions.
    await expect(
      db
        .insertInto('card_key_reveals')
        .values({ card_key_id: 999_999, user_id: user, ip: '', created_at: now, via: 'key' })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    await expect(db.deleteFrom('card_keys').where('id', '=', sold).execute()).rejects.toThrow(/foreign key/i);
    const next = await key(5, 'available', null);
    expect(next).toBeGreaterThan(deleted);
    const indexes =
      engine === 'postgres'
        ? (
            await sql<{
              name: string;
            }>`select indexname as name from pg_indexes where tablename = 'card_keys'`.execute(db)
          ).rows
        : (
            await sql<{
              name: string;
            }>`select name from sqlite_master where type = 'index' and tbl_name = 'card_keys'`.execute(db)
          ).rows;
    expect(indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining(['card_keys_pick', 'card_keys_item', 'card_keys_goods']),
    );

    // Idempotent batches: one row per (import id, batch).
    const batch = {
      import_id: 'imp-1',
      batch: 0,
      goods_id: goods,
      option_key: `s${skuId}`,
      actor: 'x',
      report: '{}',
      created_at: now,
    };
    await db.insertInto('card_key_import_batches').values(batch).execute();
    await expect(db.insertInto('card_key_import_batches').values(batch).execute()).rejects.toThrow(/unique/i);

    // Down and up again: the void key goes (it was out of stock), the rest stays.
    await migrateTo('0020_operators');
    const down = await db.selectFrom('card_keys').select(['id', 'status']).orderBy('id').execute();
    expect(down).toEqual([
      { id: reserved, status: 'reserved' },
      { id: sold, status: 'sold' },
      { id: next, status: 'available' },
    ]);
    await migrateTo('0021_card_key_void');
    expect(await db.selectFrom('card_keys').select('id').orderBy('id').execute()).toHaveLength(3);
  });
});

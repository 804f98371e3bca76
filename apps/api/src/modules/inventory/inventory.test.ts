import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testEngines } from '../../../test/helpers.ts';
import { shopFixture } from '../../../test/shop-fixture.ts';
import {
  addSales,
  addStock,
  returnStock,
  setStock,
  setStockIf,
  type StockOption,
  takeStock,
} from './inventory.service.ts';

// One owner of stock (issue 30, decision 063): the stock of goods options and the goods' sales are
// written by the inventory repository only, and its changes hold when many run at once.

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the writers of stock and sales', () => {
  const kysely = [
    /updateTable\(\s*'(goods_skus|goods_face_values)'[^;]*?\.set\(\s*\{[^}]*\bstock\b/s,
    /updateTable\(\s*'goods'[^;]*?\.set\([^;]*\bsales\b/s,
  ];
  const raw = /update\s+(goods_skus|goods_face_values|goods)\s+set[^;`]*\b(stock|sales)\s*=/is;
  const writes = (text: string) => kysely.some((r) => r.test(text)) || raw.test(text);

  it('finds a write when there is one (the scan can fail)', () => {
    expect(writes(`db.updateTable('goods_skus').set({ stock: 0 }).where('id', '=', 1)`)).toBe(true);
    expect(writes(`db.updateTable('goods').set((eb) => ({ sales: eb('sales', '+', 1) }))`)).toBe(true);
    expect(writes('update goods_face_values set stock = stock - 1')).toBe(true);
    expect(writes(`db.updateTable('goods_skus').set({ price_cny: 100 })`)).toBe(false);
  });

  it('no source file outside the inventory repository writes them (seeds and migrations aside)', () => {
    const offenders = sourceFiles(srcDir)
      .map((file) => path.relative(srcDir, file).split(path.sep).join('/'))
      .filter((file) => file !== 'modules/inventory/inventory.repository.ts' && !file.startsWith('seed/'))
      .filter((file) => writes(fs.readFileSync(path.join(srcDir, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

describe.each(testEngines())('the inventory service under concurrency (%s)', (engine) => {
  let t: TestApp;
  let sku: StockOption;
  let goodsId: number;
  beforeAll(async () => {
    const shop = await shopFixture(engine);
    t = shop.t;
    const { ids } = shop;
    const row = await t.db
      .selectFrom('goods_skus')
      .select(['id', 'goods_id'])
      .where('id', '=', ids.hoodieM)
      .executeTakeFirstOrThrow();
    goodsId = row.goods_id;
    sku = { goodsId, skuId: row.id, faceValue: null };
  });
  afterAll(() => t.close());

  const stockOf = async () =>
    (
      await t.db
        .selectFrom('goods_skus')
        .select('stock')
        .where('id', '=', sku.skuId!)
        .executeTakeFirstOrThrow()
    ).stock;
  const inTransactions = <T>(n: number, body: (i: number) => (trx: never) => Promise<T>) =>
    Promise.all(
      Array.from({ length: n }, (_, i) => t.db.transaction().execute(body(i) as never) as Promise<T>),
    );

  it('takes no more than there is: 12 takers of 1 unit, 5 in stock', async () => {
    await setStock(t.db, sku, 5);
    const taken = await inTransactions(12, () => (trx) => takeStock(trx, sku, 1));
    expect(taken.filter(Boolean)).toHaveLength(5);
    expect(Number(await stockOf())).toBe(0);
  });

  it('adds and returns every unit once, however many at once', async () => {
    await setStock(t.db, sku, 0);
    await inTransactions(6, () => (trx) => addStock(trx, sku, 2));
    await inTransactions(4, () => (trx) => returnStock(trx, sku, 1));
    expect(Number(await stockOf())).toBe(16);
    await setStock(t.db, sku, null);
    await returnStock(t.db, sku, 3);
    expect(await stockOf()).toBeNull(); // unlimited stays unlimited
  });

  it('lets one of two operators saving from the same stock win (compare-and-set)', async () => {
    await setStock(t.db, sku, 7);
    const won = await inTransactions(2, (i) => (trx) => setStockIf(trx, sku, 7, 10 + i));
    expect(won.filter(Boolean)).toHaveLength(1);
    expect([10, 11]).toContain(Number(await stockOf()));
  });

  it('counts every sale when payments of the same goods land at once', async () => {
    const salesOf = async () =>
      Number(
        (await t.db.selectFrom('goods').select('sales').where('id', '=', goodsId).executeTakeFirstOrThrow())
          .sales,
      );
    const before = await salesOf();
    await inTransactions(8, () => (trx) => addSales(trx, new Map([[goodsId, 3]])));
    expect(await salesOf()).toBe(before + 24);
  });
});

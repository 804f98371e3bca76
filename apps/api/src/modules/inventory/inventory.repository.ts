import { type Kysely, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

// The one writer of the counted stock of goods options (goods_skus.stock, goods_face_values.stock)
// and of goods' sales (issue 30, decision 063). Catalog, fulfilment and order change them only
// through the inventory service; an option's first stock is written with the row that creates it.

/** A sellable option: one SKU, or one face value of a goods. */
export type StockOption = { goodsId: number; skuId: number | null; faceValue: number | null };

/** The stock columns both option tables share, as one view for the updates below. */
type OptionRows = Record<
  'options',
  { id: number; goods_id: number; face_value: number; stock: number | null }
>;

/** An update of the option's row, by SKU id, else by goods and face value. */
function optionRow(db: Executor, option: StockOption) {
  const view = db as unknown as Kysely<OptionRows>;
  return option.skuId
    ? view.updateTable('goods_skus' as 'options').where('id', '=', option.skuId)
    : view
        .updateTable('goods_face_values' as 'options')
        .where('goods_id', '=', option.goodsId)
        .where('face_value', '=', option.faceValue ?? -1);
}

/**
 * Takes `num` from a counted stock, only if it has that many; false when it has not (nothing
 * changes then). One conditional update: two takers at once never take more than there is.
 */
export async function takeStock(db: Executor, option: StockOption, num: number): Promise<boolean> {
  const result = await optionRow(db, option)
    .set({ stock: sql<number>`stock - ${num}` })
    .where('stock', '>=', num)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives taken units back to a counted stock (an unlimited one stays unlimited). */
export async function returnStock(db: Executor, option: StockOption, num: number): Promise<void> {
  await optionRow(db, option)
    .set({ stock: sql<number>`stock + ${num}` })
    .where('stock', 'is not', null)
    .execute();
}

/** Adds to a stock count, counting from 0 when it had none (card keys stored). */
export async function addStock(db: Executor, option: StockOption, delta: number): Promise<void> {
  if (delta === 0) return;
  await optionRow(db, option)
    .set({ stock: sql<number>`coalesce(stock, 0) + ${delta}` })
    .execute();
}

/** Sets a stock (null: unlimited). */
export async function setStock(db: Executor, option: StockOption, stock: number | null): Promise<void> {
  await optionRow(db, option).set({ stock }).execute();
}

/** Sets a stock only if it is still `expected` (a compare-and-set); false when it changed meanwhile. */
export async function setStockIf(
  db: Executor,
  option: StockOption,
  expected: number,
  next: number | null,
): Promise<boolean> {
  const result = await optionRow(db, option)
    .set({ stock: next })
    .where('stock', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Raises goods' sales by units paid for (decision 059), in the caller's transaction: one relative
 * update per goods, ids ascending, so two payments sharing goods lock their rows in one order.
 */
export async function addSales(db: Executor, units: ReadonlyMap<number, number>): Promise<void> {
  for (const [goodsId, n] of [...units].sort(([a], [b]) => a - b))
    if (n > 0)
      await db
        .updateTable('goods')
        .set((eb) => ({ sales: eb('sales', '+', n) }))
        .where('id', '=', goodsId)
        .execute();
}

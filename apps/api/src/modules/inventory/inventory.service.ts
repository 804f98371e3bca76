import type { Executor } from '../../db/database.ts';
import * as stock from './inventory.repository.ts';

// Inventory (issue 30, decision 063): the counted stock of every goods option and the goods'
// sales, written here only. Catalog (the goods form, sales), fulfilment (card keys stored and
// voided) and order (reserve at checkout, release on cancel) call these in their own transaction.
// Each change is one conditional update, so concurrent orders, imports and saves never oversell
// or lose a unit.

export type { StockOption } from './inventory.repository.ts';

/** Takes `num` units, only if there are that many; false (nothing changed) when there are not. */
export const takeStock = stock.takeStock;
/** Gives units taken by an order back (an unlimited stock stays unlimited). */
export const returnStock = stock.returnStock;
/** Adds stored card keys to an option's count (from 0 when it had none). */
export const addStock = stock.addStock;
/** An operator's new stock (null: unlimited), unconditionally. */
export const setStock = stock.setStock;
/** An operator's new stock, only if it is still what their form loaded; false when it changed. */
export const setStockIf = stock.setStockIf;

/** Raises goods' sales by the units paid for, ids ascending (decision 059). */
export async function addSales(db: Executor, units: ReadonlyMap<number, number>): Promise<void> {
  await stock.addSales(db, units);
}

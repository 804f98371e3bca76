import type { Executor } from '../../db/database.ts';
import { matching, ORDER_ROW_COLUMNS, type OrderFilter } from './order-admin.repository.ts';

// The orders export (issue 32, decision 078): the list's own filter (`matching`), read in keyset
// pages by id, so a million orders are read a page at a time and no page costs more than the first.

/** The next page of the orders `f` finds, after the id `afterId`, oldest first. */
export function orderExportRows(db: Executor, f: OrderFilter, afterId: number, limit: number) {
  return matching(db, f, 'created_at')
    .select(ORDER_ROW_COLUMNS)
    .where('o.id', '>', afterId)
    .orderBy('o.id', 'asc')
    .limit(limit)
    .execute();
}

/** The items of these orders (their names and player ids), in id order. */
export function orderExportItems(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_items')
    .select(['order_id', 'goods_name_zh', 'goods_name_en', 'player_id'])
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
}

import type { OrderStatus } from '@shop/domain/order';
import type { Database } from '../../db/database.ts';
import { countOrderRows, findUsers, type OrderFilter } from './order-admin.repository.ts';
import { orderFilterOf, type OrderQuery } from './order-admin.service.ts';
import { orderExportItems, orderExportRows } from './order-export.repository.ts';

// The orders export (issue 32, decision 078): the same filters as the console's order list
// (order-admin.service ordersPage), read in keyset pages for the exports module.

export type OrderExportQuery = Omit<OrderQuery, 'page' | 'limit' | 'sort' | 'order'>;

/**
 * The list's filter of an export request, the very one the list uses (prefixes included); null:
 * nothing can match.
 */
export function orderExportFilter(db: Database, q: OrderExportQuery): Promise<OrderFilter | null> {
  return orderFilterOf(db, q);
}

/** How many orders match, counted up to `cap` + 1. */
export function countOrdersForExport(db: Database, filter: OrderFilter | null, cap: number) {
  return filter === null ? Promise.resolve(0) : countOrderRows(db, filter, 'created_at', cap);
}

export type ExportedOrder = {
  id: number;
  oid: string;
  status: OrderStatus;
  buyer: string;
  goodsZh: string;
  goodsEn: string;
  playerId: string;
  itemCount: number;
  currency: 'CNY' | 'USD';
  totalAmount: number;
  totalCny: number;
  refundedCny: number;
  payMethod: string | null;
  createdAt: number;
  paidAt: number | null;
};

/** The matching orders, a page at a time (oldest first), with buyer, first goods and player id. */
export async function* orderExportPages(
  db: Database,
  filter: OrderFilter | null,
  pageSize: number,
): AsyncGenerator<ExportedOrder[]> {
  if (filter === null) return;
  let after = 0;
  for (;;) {
    const rows = await orderExportRows(db, filter, after, pageSize);
    if (rows.length === 0) return;
    const ids = rows.map((r) => Number(r.id));
    const [items, users] = await Promise.all([
      orderExportItems(db, ids),
      findUsers(db, [...new Set(rows.map((r) => Number(r.user_id)))]),
    ]);
    const first = new Map<number, (typeof items)[number]>();
    for (const item of items) if (!first.has(Number(item.order_id))) first.set(Number(item.order_id), item);
    const buyers = new Map(users.map((u) => [Number(u.id), u.email ?? u.phone ?? String(u.id)]));
    yield rows.map((r) => {
      const item = first.get(Number(r.id));
      return {
        id: Number(r.id),
        oid: r.oid,
        status: r.status,
        buyer: buyers.get(Number(r.user_id)) ?? String(r.user_id),
        goodsZh: item?.goods_name_zh ?? '',
        goodsEn: item?.goods_name_en ?? '',
        playerId: item?.player_id ?? '',
        itemCount: Number(r.item_count),
        currency: r.currency,
        totalAmount: Number(r.total_amount),
        totalCny: Number(r.total_cny),
        refundedCny: Number(r.refunded_cny),
        payMethod: r.pay_method,
        createdAt: Number(r.created_at),
        paidAt: r.paid_at === null ? null : Number(r.paid_at),
      };
    });
    if (rows.length < pageSize) return;
    after = ids[ids.length - 1]!;
  }
}

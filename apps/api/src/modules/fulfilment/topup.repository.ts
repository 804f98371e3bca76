import { type DeliveryStatus, OPEN_DELIVERY_STATUSES } from '@shop/domain/order';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DeliveriesTable, Executor } from '../../db/database.ts';
import { transition } from '../../db/transition.ts';

export type DeliveryRow = Selectable<DeliveriesTable>;
export type { DeliveryStatus };

export function insertDeliveries(db: Executor, rows: Insertable<DeliveriesTable>[]) {
  return db.insertInto('deliveries').values(rows).execute();
}

/** Deliveries as `d`, each with its order item `i` and its order `o`. */
function withItemAndOrder(db: Executor) {
  return db
    .selectFrom('deliveries as d')
    .innerJoin('order_items as i', 'i.id', 'd.order_item_id')
    .innerJoin('orders as o', 'o.id', 'd.order_id');
}

/** A delivery with what the supplier and the buyer's notice need from its item and order. */
export async function findDelivery(db: Executor, orderItemId: number) {
  const row = await withItemAndOrder(db)
    .select([
      'd.order_item_id',
      'd.order_id',
      'd.user_id',
      'd.kind',
      'd.status',
      'd.polls',
      'd.updated_at',
      'o.oid',
      'i.goods_id',
      'i.goods_sku_id',
      'i.face_value',
      'i.server_id',
      'i.player_id',
      'i.num',
      'i.charged_cny',
      'i.goods_name_zh',
      'i.goods_name_en',
      'i.ships',
      'o.ship_address',
    ])
    .where('d.order_item_id', '=', orderItemId)
    .executeTakeFirst();
  return row && { ...row, order_item_id: row.order_item_id, order_id: row.order_id };
}

/** The row id of an order, by its number. */
export async function findOrderId(db: Executor, oid: string): Promise<number | undefined> {
  const row = await db.selectFrom('orders').select('id').where('oid', '=', oid).executeTakeFirst();
  return row?.id;
}

export function listOrderDeliveries(db: Executor, orderId: number) {
  return db
    .selectFrom('deliveries')
    .select(['order_item_id', 'status'])
    .where('order_id', '=', orderId)
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, order_item_id: r.order_item_id })));
}

export async function countOrderItems(db: Executor, orderId: number): Promise<number> {
  const row = await db
    .selectFrom('order_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Moves a delivery to `to` through the declared machine (db/transition.ts): from the states the
 * machine allows, or the narrower `from` given. The conditional update is what makes a change
 * happen once when two runs race. Returns whether this call made it.
 */
export async function moveDelivery(
  db: Executor,
  orderItemId: number,
  to: DeliveryStatus,
  set: Pick<
    Updateable<DeliveriesTable>,
    'polls' | 'supplier_ref' | 'note' | 'reason_code' | 'refund_cny' | 'finished_at' | 'tracking_no'
  > = {},
  from?: DeliveryStatus[],
): Promise<boolean> {
  const moved = await transition(db, 'deliveries', {
    where: { order_item_id: [orderItemId] },
    to,
    ...(from ? { from } : {}),
    set: { ...set, updated_at: Date.now() },
  });
  return moved === 1;
}

/** Open deliveries (waiting for an operator, or top-ups not yet settled), oldest first. */
export function listOpenDeliveries(db: Executor, limit: number) {
  return withItemAndOrder(db)
    .select([
      'o.oid',
      'd.order_item_id',
      'd.kind',
      'd.status',
      'd.polls',
      'd.created_at',
      'i.goods_name_en',
      'i.spec_en',
      'i.num',
      'i.player_id',
      'i.server_en',
      'i.player_nickname',
      'i.ships',
      'o.ship_address',
    ])
    .where('d.status', 'in', OPEN_DELIVERY_STATUSES)
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { engineOf } from '../../db/dialect.ts';
import { racePoint } from '../../db/race-points.ts';
import { transition } from '../../db/transition.ts';

export type CardOption = { goodsId: number; skuId: number | null; faceValue: number | null };

export const optionKey = (o: CardOption) => (o.skuId ? `s${o.skuId}` : `g${o.goodsId}:f${o.faceValue}`);

/** Inserts keys, skipping secrets this option already has; returns how many went in. */
export async function insertKeys(
  db: Executor,
  option: CardOption,
  rows: { secret_enc: string; secret_hash: string }[],
  now: number,
): Promise<number> {
  if (rows.length === 0) return 0;
  const key = optionKey(option);
  const result = await db
    .insertInto('card_keys')
    .values(
      rows.map((r) => ({
        ...r,
        goods_id: option.goodsId,
        goods_sku_id: option.skuId,
        face_value: option.faceValue,
        option_key: key,
        status: 'available' as const,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['option_key', 'secret_hash']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Adds to the option's stock (the count of available keys). */
export async function addStock(db: Executor, option: CardOption, delta: number) {
  if (delta === 0) return;
  if (option.skuId) {
    await db
      .updateTable('goods_skus')
      .set({ stock: sql<number>`coalesce(stock, 0) + ${delta}` })
      .where('id', '=', option.skuId)
      .execute();
  } else {
    await db
      .updateTable('goods_face_values')
      .set({ stock: sql<number>`coalesce(stock, 0) + ${delta}` })
      .where('goods_id', '=', option.goodsId)
      .where('face_value', '=', option.faceValue ?? -1)
      .execute();
  }
}

/**
 * Reserves `num` available keys of an option for one order item; returns how many it got. On
 * PostgreSQL the pick skips rows another transaction holds.
 */
export async function claimKeys(
  db: Executor,
  option: CardOption,
  orderItemId: number,
  num: number,
  now: number,
) {
  const lock = engineOf(db) === 'postgres' ? sql` for update skip locked` : sql``;
  const picked = await sql<{ id: number }>`
    select id from card_keys where option_key = ${optionKey(option)} and status = 'available'
    order by id limit ${num}${lock}`.execute(db);
  const ids = picked.rows.map((r) => Number(r.id));
  if (ids.length === 0) return 0;
  await racePoint('reserve:picked');
  return transition(db, 'card_keys', {
    where: { id: ids },
    to: 'reserved',
    set: { order_item_id: orderItemId, reserved_at: now },
  });
}

/** Gives an unpaid order's keys back to stock; returns how many per option key. */
export async function releaseKeys(db: Executor, orderItemIds: number[]) {
  return transition(db, 'card_keys', {
    where: { order_item_id: orderItemIds },
    to: 'available',
    set: { order_item_id: null, reserved_at: null },
  });
}

/** Marks the reserved keys of paid items sold. */
export async function sellKeys(db: Executor, orderItemIds: number[], now: number) {
  return transition(db, 'card_keys', {
    where: { order_item_id: orderItemIds },
    to: 'sold',
    set: { sold_at: now },
  });
}

/** The sold keys of one user's order (no secrets), with whether each was revealed. */
export function listSoldKeys(db: Executor, userId: number, oid: string, offset: number, limit: number) {
  return baseSold(db, userId, oid)
    .select([
      'k.id',
      'i.goods_id',
      'i.goods_name_zh',
      'i.goods_name_en',
      'i.spec_zh',
      'i.spec_en',
      'k.sold_at',
      (eb) =>
        eb
          .exists(
            eb.selectFrom('card_key_reveals as r').select('r.id').whereRef('r.card_key_id', '=', 'k.id'),
          )
          .as('revealed'),
    ])
    .orderBy('k.id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countSoldKeys(db: Executor, userId: number, oid: string) {
  const row = await baseSold(db, userId, oid)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function baseSold(db: Executor, userId: number, oid: string) {
  return db
    .selectFrom('card_keys as k')
    .innerJoin('order_items as i', 'i.id', 'k.order_item_id')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .where('o.oid', '=', oid)
    .where('o.user_id', '=', userId)
    .where('k.status', '=', 'sold');
}

/** One sold key of this user's, with its secret (for reveal). */
export function findOwnSoldKey(db: Executor, userId: number, id: number) {
  return db
    .selectFrom('card_keys as k')
    .innerJoin('order_items as i', 'i.id', 'k.order_item_id')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select(['k.id', 'k.secret_enc', 'o.oid'])
    .where('k.id', '=', id)
    .where('o.user_id', '=', userId)
    .where('k.status', '=', 'sold')
    .executeTakeFirst();
}

export function insertReveal(
  db: Executor,
  row: { card_key_id: number; user_id: number; ip: string; created_at: number },
) {
  return db.insertInto('card_key_reveals').values(row).execute();
}

export function instructionsOf(db: Executor, goodsIds: number[]) {
  return db
    .selectFrom('goods')
    .select(['id', 'instructions_zh', 'instructions_en'])
    .where('id', 'in', goodsIds.length ? goodsIds : [-1])
    .execute();
}

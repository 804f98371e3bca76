import { MAX_LINE_QUANTITY } from '@shop/domain/constants';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

// Cart lines, and the catalog rows that price and describe them (read joins only: the catalog
// module owns those tables).

export type NewLine = {
  user_id: number;
  goods_id: number;
  goods_sku_id: number | null;
  face_value: number | null;
  player_id: string;
  server_id: number | null;
  player_nickname: string;
  num: number;
  is_buy_now: number;
  line_key: string;
};

/**
 * Adds a line, or merges into the user's line with the same key in one statement (so concurrent
 * adds never make two lines). A cart line's quantity grows by `num`, never past the maximum: then
 * nothing changes and undefined is returned. A buy-now line is replaced instead.
 */
export function upsertLine(db: Executor, line: NewLine, now: number) {
  return db
    .insertInto('cart_items')
    .values({ ...line, created_at: now, updated_at: now })
    .onConflict((oc) => {
      const target = oc.columns(['user_id', 'line_key']);
      const nickname = line.player_nickname;
      if (line.is_buy_now)
        return target.doUpdateSet({ num: line.num, player_nickname: nickname, updated_at: now });
      return target
        .doUpdateSet({
          num: sql<number>`cart_items.num + excluded.num`,
          player_nickname: nickname,
          updated_at: now,
        })
        .where(sql<number>`cart_items.num + excluded.num`, '<=', MAX_LINE_QUANTITY);
    })
    .returning(['id', 'num'])
    .executeTakeFirst();
}

/** Lines shown in the cart (not buy-now), with what prices and describes them; newest first. */
export function listLines(db: Executor, userId: number) {
  return db
    .selectFrom('cart_items as c')
    .innerJoin('goods as g', 'g.id', 'c.goods_id')
    .leftJoin('goods_skus as s', 's.id', 'c.goods_sku_id')
    .leftJoin('goods_face_values as f', (join) =>
      join.onRef('f.goods_id', '=', 'c.goods_id').onRef('f.face_value', '=', 'c.face_value'),
    )
    .leftJoin('game_servers as v', 'v.id', 'c.server_id')
    .select([
      'c.id',
      'c.num',
      'c.goods_id',
      'c.goods_sku_id',
      'c.face_value',
      'c.player_id',
      'c.server_id',
      'c.player_nickname',
      'g.spec_type',
      'g.recharge_type',
      'g.ships',
      'g.topup_multiple',
      'g.name_zh',
      'g.name_en',
      'g.image',
      'g.on_sale as goods_on_sale',
      'g.category_id',
      'g.top_category_id',
      's.spec_zh',
      's.spec_en',
      's.price_cny as sku_price_cny',
      's.price_usd as sku_price_usd',
      's.stock as sku_stock',
      's.on_sale as sku_on_sale',
      'f.label_zh',
      'f.label_en',
      'f.price_cny as face_price_cny',
      'f.price_usd as face_price_usd',
      'f.stock as face_stock',
      'f.on_sale as face_on_sale',
      'v.name_zh as server_zh',
      'v.name_en as server_en',
    ])
    .where('c.user_id', '=', userId)
    .where('c.is_buy_now', '=', 0)
    .orderBy('c.id', 'desc')
    .execute();
}
export type LineRow = Awaited<ReturnType<typeof listLines>>[number];

export async function countQuantity(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('cart_items')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('num'), sql<number>`0`).as('count'))
    .where('user_id', '=', userId)
    .where('is_buy_now', '=', 0)
    .executeTakeFirstOrThrow();
  return row.count;
}

export async function countLines(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('cart_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('is_buy_now', '=', 0)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** One of the user's own lines (never another user's), with the stock of its option. */
export function findOwnLine(db: Executor, userId: number, id: number) {
  return db
    .selectFrom('cart_items as c')
    .leftJoin('goods_skus as s', 's.id', 'c.goods_sku_id')
    .leftJoin('goods_face_values as f', (join) =>
      join.onRef('f.goods_id', '=', 'c.goods_id').onRef('f.face_value', '=', 'c.face_value'),
    )
    .select(['c.id', 'c.num', 's.stock as sku_stock', 'f.stock as face_stock', 'c.goods_sku_id'])
    .where('c.id', '=', id)
    .where('c.user_id', '=', userId)
    .where('c.is_buy_now', '=', 0)
    .executeTakeFirst();
}

export async function setQuantity(db: Executor, userId: number, id: number, num: number, now: number) {
  const result = await db
    .updateTable('cart_items')
    .set({ num, updated_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('is_buy_now', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteLines(db: Executor, userId: number, ids: number[]) {
  const result = await db
    .deleteFrom('cart_items')
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .where('is_buy_now', '=', 0)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The user's lines with these ids, cart or buy-now, for checkout. */
export function findOwnLines(db: Executor, userId: number, ids: number[]) {
  return db
    .selectFrom('cart_items')
    .select(['id', 'goods_id', 'goods_sku_id', 'face_value', 'player_id', 'server_id', 'num'])
    .where('user_id', '=', userId)
    .where('id', 'in', ids.length ? ids : [-1])
    .execute();
}

/** Deletes the user's lines with these ids (cart or buy-now): they became an order. */
export async function deleteOwnLines(db: Executor, userId: number, ids: number[]) {
  const result = await db
    .deleteFrom('cart_items')
    .where('id', 'in', ids.length ? ids : [-1])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

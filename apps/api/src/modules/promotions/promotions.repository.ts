import { sql } from 'kysely';
import type { CouponRedemptionStatus, Executor } from '../../db/database.ts';

// The buyer's side of promotions (issue 31, decisions 070–071): tiers, member levels and their
// prices, codes and their redemptions. Codes' uses move only by conditional updates.

/** Every member level, lowest threshold first (an operator keeps a handful). */
export function listLevels(db: Executor) {
  return db
    .selectFrom('member_levels')
    .select(['id', 'name_zh', 'name_en', 'threshold_cny', 'discount_bp'])
    .orderBy('threshold_cny')
    .execute();
}

/** The quantity tiers of these options (option keys), fewest units first. */
export function listTiers(db: Executor, optionKeys: readonly string[]) {
  return db
    .selectFrom('price_tiers')
    .select(['option_key', 'min_num', 'price_cny', 'price_usd'])
    .where('option_key', 'in', optionKeys.length ? [...optionKeys] : [''])
    .orderBy('option_key')
    .orderBy('min_num')
    .execute();
}

/** A level's own prices of these options. */
export function listLevelPrices(db: Executor, levelId: number, optionKeys: readonly string[]) {
  return db
    .selectFrom('member_level_prices')
    .select(['option_key', 'price_cny', 'price_usd'])
    .where('level_id', '=', levelId)
    .where('option_key', 'in', optionKeys.length ? [...optionKeys] : [''])
    .execute();
}

export function findUserLevel(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(['level_id', 'lifetime_spend_cny'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** A code by its lookup key (codeKey). */
export function findCouponByKey(db: Executor, key: string) {
  return db.selectFrom('coupons').selectAll().where('code_key', '=', key).executeTakeFirst();
}

/** How many of a buyer's orders hold or used this code (released and returned uses do not count). */
export async function countBuyerUses(db: Executor, couponId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('coupon_redemptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('coupon_id', '=', couponId)
    .where('user_id', '=', userId)
    .where('status', 'in', ['held', 'used'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the buyer has an order that was paid (first-order-only codes). */
export async function hasPaidOrder(db: Executor, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('paid_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes one use of a code: `used_count + 1` only while it stays within `total_uses`, so that of
 * any number of racing orders exactly as many as are left win (decision 071). True: taken.
 */
export async function takeUse(db: Executor, couponId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set({ used_count: sql`used_count + 1`, updated_at: now })
    .where('id', '=', couponId)
    .where((eb) => eb.or([eb('total_uses', 'is', null), eb('used_count', '<', eb.ref('total_uses'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives one use back (a released or returned redemption). */
export async function giveUseBack(db: Executor, couponId: number, now: number) {
  await db
    .updateTable('coupons')
    .set({ used_count: sql`used_count - 1`, updated_at: now })
    .where('id', '=', couponId)
    .where('used_count', '>', 0)
    .execute();
}

export function insertRedemption(
  db: Executor,
  row: {
    coupon_id: number;
    user_id: number;
    order_id: number;
    discount_amount: number;
    discount_cny: number;
    now: number;
  },
) {
  const { now, ...rest } = row;
  return db
    .insertInto('coupon_redemptions')
    .values({ ...rest, status: 'held', created_at: now, updated_at: now })
    .execute();
}

export function findRedemption(db: Executor, orderId: number) {
  return db.selectFrom('coupon_redemptions').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** Moves an order's redemption from one of `from` to `to`; the coupon id when this call moved it. */
export async function moveRedemption(
  db: Executor,
  orderId: number,
  from: CouponRedemptionStatus[],
  to: CouponRedemptionStatus,
  now: number,
): Promise<number | undefined> {
  const row = await db
    .updateTable('coupon_redemptions')
    .set({ status: to, updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', 'in', from)
    .returning('coupon_id')
    .executeTakeFirst();
  return row?.coupon_id;
}

export function deleteRedemption(db: Executor, orderId: number) {
  return db.deleteFrom('coupon_redemptions').where('order_id', '=', orderId).execute();
}

/** Adds to a buyer's lifetime spend (negative: a refund; never below 0) and returns it. */
export async function addSpend(db: Executor, userId: number, cny: number): Promise<number> {
  const row = await db
    .updateTable('users')
    .set({
      lifetime_spend_cny: sql`case when lifetime_spend_cny + ${cny} < 0 then 0 else lifetime_spend_cny + ${cny} end`,
    })
    .where('id', '=', userId)
    .returning(['lifetime_spend_cny'])
    .executeTakeFirstOrThrow();
  return Number(row.lifetime_spend_cny);
}

/** Raises a buyer's level to `levelId` if it is higher (by threshold) than the one they hold. */
export async function raiseLevel(db: Executor, userId: number, levelId: number, threshold: number) {
  await db
    .updateTable('users')
    .set({ level_id: levelId })
    .where('id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('level_id', 'is', null),
        eb(
          eb
            .selectFrom('member_levels as m')
            .select('m.threshold_cny')
            .whereRef('m.id', '=', 'users.level_id'),
          '<',
          threshold,
        ),
      ]),
    )
    .execute();
}

/** A goods' quantity tiers, per option key, fewest units first (the goods page and its editor). */
export function listGoodsTiers(db: Executor, goodsId: number) {
  return db
    .selectFrom('price_tiers')
    .select(['option_key', 'min_num', 'price_cny', 'price_usd'])
    .where('goods_id', '=', goodsId)
    .orderBy('option_key')
    .orderBy('min_num')
    .execute();
}

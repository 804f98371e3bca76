import { sql } from 'kysely';
import type { CouponRedemptionStatus, Executor } from '../../db/database.ts';
import { preparedRead, preparedWrite } from '../../db/prepared.ts';

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

/** The level a buyer holds, in one read (null level: no row). Prepared: every cart and order asks. */
export const findHeldLevel = preparedRead((db: Executor, userId: number) =>
  db
    .selectFrom('users as u')
    .innerJoin('member_levels as l', 'l.id', 'u.level_id')
    .select(['l.id', 'l.name_zh', 'l.name_en', 'l.threshold_cny', 'l.discount_bp'])
    .where('u.id', '=', userId),
);

export function findUserLevel(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select(['level_id', 'lifetime_spend_cny'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** A code by its lookup key (codeKey). Prepared: every order with a code asks. */
const couponByKey = preparedRead((db: Executor, key: string) =>
  db.selectFrom('coupons').selectAll().where('code_key', '=', key),
);
export async function findCouponByKey(db: Executor, key: string) {
  return (await couponByKey(db, key))[0];
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
 * Prepared, as the redemption's other writes: they run in every order with a code.
 */
const takeUseWrite = preparedWrite((db: Executor, couponId: number, now: number) =>
  db
    .updateTable('coupons')
    .set({ used_count: sql`used_count + 1`, updated_at: now })
    .where('id', '=', couponId)
    .where((eb) => eb.or([eb('total_uses', 'is', null), eb('used_count', '<', eb.ref('total_uses'))])),
);
export async function takeUse(db: Executor, couponId: number, now: number): Promise<boolean> {
  return (await takeUseWrite(db, couponId, now)).changed === 1;
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

const insertRedemptionWrite = preparedWrite(
  (
    db: Executor,
    couponId: number,
    userId: number,
    orderId: number,
    discountAmount: number,
    discountCny: number,
    now: number,
  ) =>
    db.insertInto('coupon_redemptions').values({
      coupon_id: couponId,
      user_id: userId,
      order_id: orderId,
      discount_amount: discountAmount,
      discount_cny: discountCny,
      status: 'held',
      created_at: now,
      updated_at: now,
    }),
);

/** An order's hold on a code's use (status `held` until the order is paid, cancelled or timed out). */
export async function insertRedemption(
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
  await insertRedemptionWrite(
    db,
    row.coupon_id,
    row.user_id,
    row.order_id,
    row.discount_amount,
    row.discount_cny,
    row.now,
  );
}

export function findRedemption(db: Executor, orderId: number) {
  return db.selectFrom('coupon_redemptions').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** A paid order's held use becomes used (prepared: every paid order with a code). */
const useRedemptionWrite = preparedWrite((db: Executor, orderId: number, now: number) =>
  db
    .updateTable('coupon_redemptions')
    .set({ status: 'used', updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', '=', 'held'),
);
export async function useRedemption(db: Executor, orderId: number, now: number): Promise<void> {
  await useRedemptionWrite(db, orderId, now);
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

/**
 * Adds to a buyer's lifetime spend (negative: a refund; never below 0); returns it and the level
 * the buyer holds.
 */
export async function addSpend(
  db: Executor,
  userId: number,
  cny: number,
): Promise<{ spend: number; levelId: number | null }> {
  const row = await db
    .updateTable('users')
    .set({
      lifetime_spend_cny: sql`case when lifetime_spend_cny + ${cny} < 0 then 0 else lifetime_spend_cny + ${cny} end`,
    })
    .where('id', '=', userId)
    .returning(['lifetime_spend_cny', 'level_id'])
    .executeTakeFirstOrThrow();
  return {
    spend: Number(row.lifetime_spend_cny),
    levelId: row.level_id === null ? null : Number(row.level_id),
  };
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

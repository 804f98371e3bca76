import type { CouponStateName } from '@shop/contract/admin/promotions.endpoints';
import { type ExpressionBuilder, type Insertable, sql, type Selectable, type Updateable } from 'kysely';
import type { DB, Executor } from '../../db/database.ts';

// The console's promotions queries (issue 31): codes, their batches and redemptions, member
// levels, and the tiers and level prices of a goods' options.

export type CouponRow = Selectable<DB['coupons']>;
export type BatchRow = Selectable<DB['coupon_batches']>;
export type LevelRow = Selectable<DB['member_levels']>;

export type CouponFilter = {
  keyword?: string | undefined;
  state?: CouponStateName | undefined;
  kind?: 'fixed' | 'percent' | undefined;
  batch_id?: number | undefined;
  batched?: number | undefined;
};

/** A code's state at `now`, as SQL: the first of disabled, used up, expired, not started, active. */
function stateIs(eb: ExpressionBuilder<DB, 'coupons'>, state: CouponStateName, now: number) {
  const disabled = eb('disabled', '=', 1);
  const usedUp = eb.and([eb('total_uses', 'is not', null), eb('used_count', '>=', eb.ref('total_uses'))]);
  const expired = eb.and([eb('ends_at', 'is not', null), eb('ends_at', '<=', now)]);
  const scheduled = eb.and([eb('starts_at', 'is not', null), eb('starts_at', '>', now)]);
  switch (state) {
    case 'disabled':
      return disabled;
    case 'used_up':
      return eb.and([eb.not(disabled), usedUp]);
    case 'expired':
      return eb.and([eb.not(disabled), eb.not(usedUp), expired]);
    case 'scheduled':
      return eb.and([eb.not(disabled), eb.not(usedUp), eb.not(expired), scheduled]);
    case 'active':
      return eb.and([eb.not(disabled), eb.not(usedUp), eb.not(expired), eb.not(scheduled)]);
  }
}

function filtered(db: Executor, f: CouponFilter, now: number) {
  let q = db.selectFrom('coupons');
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb('code', 'like', like.toUpperCase()),
        eb(sql<string>`lower(name)`, 'like', like.toLowerCase()),
      ]),
    );
  }
  if (f.state) {
    const state = f.state;
    q = q.where((eb) => stateIs(eb, state, now));
  }
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.batch_id !== undefined) q = q.where('batch_id', '=', f.batch_id);
  if (f.batched === 0) q = q.where('batch_id', 'is', null);
  if (f.batched === 1) q = q.where('batch_id', 'is not', null);
  return q;
}

export function listCoupons(
  db: Executor,
  f: CouponFilter,
  now: number,
  page: { sort: 'id' | 'used_count' | 'ends_at'; order: 'asc' | 'desc'; limit: number; offset: number },
) {
  return filtered(db, f, now)
    .selectAll()
    .orderBy(page.sort, page.order)
    .orderBy('id', page.order)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countCoupons(db: Executor, f: CouponFilter, now: number): Promise<number> {
  const row = await filtered(db, f, now)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findCoupon(db: Executor, id: number) {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function couponKeyTaken(db: Executor, key: string): Promise<boolean> {
  const row = await db.selectFrom('coupons').select('id').where('code_key', '=', key).executeTakeFirst();
  return row !== undefined;
}

export async function insertCoupon(db: Executor, values: Insertable<DB['coupons']>): Promise<number> {
  const row = await db.insertInto('coupons').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Sets what is safe to change; total uses only if still ≥ the uses made (checked in the statement). */
export async function updateCoupon(
  db: Executor,
  id: number,
  patch: Updateable<DB['coupons']>,
): Promise<boolean> {
  let q = db.updateTable('coupons').set(patch).where('id', '=', id);
  const total = patch.total_uses;
  if (typeof total === 'number') q = q.where('used_count', '<=', total);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Paid orders, what they were charged and the code's discount on them, per code. */
export async function couponFigures(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('coupon_redemptions as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .where('r.coupon_id', 'in', ids)
    .where('r.status', 'in', ['used', 'returned'])
    .select((eb) => [
      'r.coupon_id',
      eb.fn.countAll<number>().as('orders'),
      eb.fn.sum<number>(sql`o.total_cny - o.refunded_cny`).as('revenue'),
      eb.fn.sum<number>(sql`case when r.status = 'used' then r.discount_cny else 0 end`).as('discount'),
    ])
    .groupBy('r.coupon_id')
    .execute();
  return rows.map((r) => ({
    coupon_id: Number(r.coupon_id),
    orders: Number(r.orders),
    revenue: Number(r.revenue ?? 0),
    discount: Number(r.discount ?? 0),
  }));
}

export function listUses(
  db: Executor,
  couponId: number,
  status: string | undefined,
  page: { order: 'asc' | 'desc'; limit: number; offset: number },
) {
  let q = db
    .selectFrom('coupon_redemptions as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .where('r.coupon_id', '=', couponId);
  if (status) q = q.where('r.status', '=', status as 'held');
  return q
    .select([
      'r.id',
      'o.oid',
      'r.user_id',
      'u.email',
      'u.phone',
      'r.status',
      'o.status as order_status',
      'o.currency',
      'r.discount_amount',
      'r.discount_cny',
      'o.total_cny',
      'r.created_at',
    ])
    .orderBy('r.id', page.order)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countUses(db: Executor, couponId: number, status: string | undefined) {
  let q = db.selectFrom('coupon_redemptions').where('coupon_id', '=', couponId);
  if (status) q = q.where('status', '=', status as 'held');
  const row = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

// ── scope ────────────────────────────────────────────────────────────────────────────────────────

export function allCategories(db: Executor) {
  return db
    .selectFrom('categories')
    .select(['id', 'parent_id', 'name_zh', 'name_en'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function allGoods(db: Executor) {
  return db
    .selectFrom('goods')
    .select(['id', 'category_id', 'name_zh', 'name_en', 'spec_type'])
    .orderBy('id')
    .execute();
}

export function skusOf(db: Executor, goodsIds: number[]) {
  if (goodsIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('goods_skus')
    .select(['id', 'goods_id', 'spec_zh', 'spec_en', 'price_cny', 'price_usd'])
    .where('goods_id', 'in', goodsIds)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function skusById(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('goods_skus')
    .select(['id', 'goods_id', 'spec_zh', 'spec_en', 'price_cny', 'price_usd'])
    .where('id', 'in', ids)
    .execute();
}

export function faceValuesOf(db: Executor, goodsIds: number[]) {
  if (goodsIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('goods_face_values')
    .select(['goods_id', 'face_value', 'label_zh', 'label_en', 'price_cny', 'price_usd'])
    .where('goods_id', 'in', goodsIds)
    .orderBy('sort')
    .orderBy('face_value')
    .execute();
}

export async function existingIds(db: Executor, table: 'categories' | 'goods', ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => Number(r.id)));
}

// ── batches ──────────────────────────────────────────────────────────────────────────────────────

export async function insertBatch(db: Executor, values: Insertable<DB['coupon_batches']>) {
  const row = await db.insertInto('coupon_batches').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export function findBatch(db: Executor, id: number) {
  return db.selectFrom('coupon_batches').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listBatches(db: Executor, page: { order: 'asc' | 'desc'; limit: number; offset: number }) {
  return db
    .selectFrom('coupon_batches')
    .selectAll()
    .orderBy('id', page.order)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countBatches(db: Executor) {
  const row = await db
    .selectFrom('coupon_batches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Codes of each batch that are taken now (held or used). */
export async function batchUses(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('coupons')
    .where('batch_id', 'in', ids)
    .where('used_count', '>', 0)
    .select((eb) => ['batch_id', eb.fn.countAll<number>().as('n')])
    .groupBy('batch_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.batch_id), Number(r.n)]));
}

export async function countBatchCodes(db: Executor, batchId: number) {
  const row = await db
    .selectFrom('coupons')
    .where('batch_id', '=', batchId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Inserts codes, skipping any whose key is taken; the batch's count is then read back. */
export async function insertBatchCodes(db: Executor, rows: Insertable<DB['coupons']>[]) {
  if (rows.length === 0) return;
  await db
    .insertInto('coupons')
    .values(rows)
    .onConflict((oc) => oc.column('code_key').doNothing())
    .execute();
}

export async function setBatchProgress(
  db: Executor,
  id: number,
  values: { generated: number; status?: 'generating' | 'done' | 'failed' },
) {
  await db
    .updateTable('coupon_batches')
    .set({ ...values, updated_at: Date.now() })
    .where('id', '=', id)
    .execute();
}

export function batchCodes(db: Executor, batchId: number) {
  return db
    .selectFrom('coupons')
    .select(['code', 'used_count', 'total_uses', 'disabled', 'starts_at', 'ends_at'])
    .where('batch_id', '=', batchId)
    .orderBy('id')
    .execute();
}

// ── member levels ────────────────────────────────────────────────────────────────────────────────

export function listLevels(db: Executor) {
  return db.selectFrom('member_levels').selectAll().orderBy('threshold_cny').orderBy('id').execute();
}

export function findLevel(db: Executor, id: number) {
  return db.selectFrom('member_levels').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function levelMembers(db: Executor) {
  const rows = await db
    .selectFrom('users')
    .where('level_id', 'is not', null)
    .select((eb) => ['level_id', eb.fn.countAll<number>().as('n')])
    .groupBy('level_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.level_id), Number(r.n)]));
}

export async function levelInUse(db: Executor, id: number): Promise<boolean> {
  const user = await db.selectFrom('users').select('id').where('level_id', '=', id).executeTakeFirst();
  if (user) return true;
  const order = await db.selectFrom('orders').select('id').where('level_id', '=', id).executeTakeFirst();
  return order !== undefined;
}

export async function thresholdTaken(db: Executor, threshold: number, except: number | null) {
  let q = db.selectFrom('member_levels').select('id').where('threshold_cny', '=', threshold);
  if (except !== null) q = q.where('id', '!=', except);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertLevel(db: Executor, values: Insertable<DB['member_levels']>) {
  const row = await db.insertInto('member_levels').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateLevel(db: Executor, id: number, patch: Updateable<DB['member_levels']>) {
  await db.updateTable('member_levels').set(patch).where('id', '=', id).execute();
}

export async function deleteLevel(db: Executor, id: number) {
  await db.deleteFrom('member_level_prices').where('level_id', '=', id).execute();
  await db.deleteFrom('member_levels').where('id', '=', id).execute();
}

// ── goods prices ─────────────────────────────────────────────────────────────────────────────────

export function levelPricesOf(db: Executor, goodsId: number) {
  return db
    .selectFrom('member_level_prices')
    .select(['level_id', 'option_key', 'price_cny', 'price_usd'])
    .where('goods_id', '=', goodsId)
    .orderBy('level_id')
    .orderBy('option_key')
    .execute();
}

export async function replaceGoodsPrices(
  db: Executor,
  goodsId: number,
  tiers: Omit<Insertable<DB['price_tiers']>, 'goods_id'>[],
  levelPrices: Omit<Insertable<DB['member_level_prices']>, 'goods_id'>[],
) {
  await db.deleteFrom('price_tiers').where('goods_id', '=', goodsId).execute();
  await db.deleteFrom('member_level_prices').where('goods_id', '=', goodsId).execute();
  if (tiers.length)
    await db
      .insertInto('price_tiers')
      .values(tiers.map((t) => ({ ...t, goods_id: goodsId })))
      .execute();
  if (levelPrices.length)
    await db
      .insertInto('member_level_prices')
      .values(levelPrices.map((p) => ({ ...p, goods_id: goodsId })))
      .execute();
}

export function goodsExists(db: Executor, id: number) {
  return db.selectFrom('goods').select(['id']).where('id', '=', id).executeTakeFirst();
}

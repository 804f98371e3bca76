import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
import type { AddressesTable, DB, Executor } from '../../db/database.ts';

export type AddressRow = Selectable<AddressesTable>;
export type AddressValues = Omit<Insertable<AddressesTable>, 'id' | 'user_id' | 'created_at' | 'is_default'>;

/** One of the buyer's addresses; another buyer's is neither found nor changed. */
const own = (userId: number, id: number) => (eb: ExpressionBuilder<DB, 'addresses'>) =>
  eb.and([eb('id', '=', id), eb('user_id', '=', userId)]);

/** The buyer's addresses: the default first, then the most recently changed. */
export function listAddresses(db: Executor, userId: number, offset: number, limit: number) {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countAddresses(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.n;
}

export function findAddress(db: Executor, userId: number, id: number) {
  return db.selectFrom('addresses').selectAll().where(own(userId, id)).executeTakeFirst();
}

export function findDefaultAddress(db: Executor, userId: number) {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
}

export async function insertAddress(
  db: Executor,
  row: AddressValues & { user_id: number; is_default: number; created_at: number },
): Promise<number> {
  const { id } = await db.insertInto('addresses').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateAddress(db: Executor, userId: number, id: number, values: AddressValues) {
  const result = await db.updateTable('addresses').set(values).where(own(userId, id)).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteAddress(db: Executor, userId: number, id: number) {
  const result = await db.deleteFrom('addresses').where(own(userId, id)).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Makes `id` the buyer's only default (clear first: the partial unique index allows one). */
export async function makeDefault(db: Executor, userId: number, id: number, now: number) {
  await clearDefault(db, userId, id);
  await db.updateTable('addresses').set({ is_default: 1, updated_at: now }).where(own(userId, id)).execute();
}

/** The buyer has no default address any more, unless it is `keep`. */
export function clearDefault(db: Executor, userId: number, keep?: number) {
  let query = db
    .updateTable('addresses')
    .set({ is_default: 0 })
    .where('user_id', '=', userId)
    .where('is_default', '=', 1);
  if (keep !== undefined) query = query.where('id', '<>', keep);
  return query.execute();
}

/** The address changed most recently, to become the default when the default is removed. */
export function newestAddress(db: Executor, userId: number) {
  return db
    .selectFrom('addresses')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findRegions(db: Executor, ids: number[]) {
  return db
    .selectFrom('regions')
    .select(['id', 'parent_id', 'level', 'name_zh', 'name_en'])
    .where('id', 'in', ids)
    .execute();
}

// The address on an order (the copy in orders.ship_address) and which of its items ship.

export async function orderShips(db: Executor, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', orderId)
    .where('ships', '=', 1)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** One of the buyer's orders, as much of it as its address needs. */
export function findOrderForAddress(db: Executor, userId: number, oid: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'status', 'expires_at', 'ship_address'])
    .where('oid', '=', oid)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Writes the copy onto an order; with `unpaidAt`, only while it is unpaid and unexpired at that
 * time (the conditional update decides, so a payment at the same moment wins or loses whole).
 */
export async function writeShipAddress(
  db: Executor,
  orderId: number,
  json: string,
  options: { unpaidAt?: number } = {},
): Promise<boolean> {
  let query = db.updateTable('orders').set({ ship_address: json }).where('id', '=', orderId);
  if (options.unpaidAt !== undefined)
    query = query
      .set({ updated_at: options.unpaidAt })
      .where('status', '=', 'pending_payment')
      .where('expires_at', '>', options.unpaidAt);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

import { sql } from 'kysely';
import type { Executor, LedgerType } from '../../db/database.ts';
import { containsText } from '../../db/like.ts';

// The console's reads and writes of buyer accounts (issue 15). The reads join what other modules
// write (orders, tickets, reveals, the ledger) into the console's view of one buyer; the only
// writes are the account flag here and, through the wallet's service, balance adjustments.

export type BuyerFilter = {
  keyword?: string | undefined;
  status?: 'active' | 'disabled' | undefined;
};

const SORT = { id: 'u.id', created_at: 'u.created_at', balance: 'u.balance' } as const;
export type BuyerSort = keyof typeof SORT;

function filteredBuyers(db: Executor, filter: BuyerFilter) {
  let q = db.selectFrom('users as u');
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const id = /^\d{1,15}$/.test(keyword) ? Number(keyword) : undefined;
    q = q.where((eb) =>
      eb.or([
        containsText('u.email', keyword),
        containsText('u.phone', keyword),
        containsText('u.nickname', keyword),
        ...(id === undefined ? [] : [eb('u.id', '=', id)]),
      ]),
    );
  }
  if (filter.status) q = q.where('u.is_usable', '=', filter.status === 'active' ? 1 : 0);
  return q;
}

const orderCount = sql<number>`(select count(*) from orders o where o.user_id = u.id)`;
const profileColumns = [
  'u.id',
  'u.email',
  'u.phone',
  'u.nickname',
  'u.avatar',
  'u.balance',
  'u.is_usable',
  'u.created_at',
  'u.updated_at',
] as const;

export function listBuyers(
  db: Executor,
  filter: BuyerFilter,
  sort: { column: BuyerSort; order: 'asc' | 'desc' },
  offset: number,
  limit: number,
) {
  let q = filteredBuyers(db, filter)
    .select([...profileColumns, orderCount.as('order_count')])
    .orderBy(SORT[sort.column], sort.order);
  if (sort.column !== 'id') q = q.orderBy('u.id', sort.order);
  return q.offset(offset).limit(limit).execute();
}

export async function countBuyers(db: Executor, filter: BuyerFilter): Promise<number> {
  const row = await filteredBuyers(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One buyer with the counts the detail page shows. */
export function findBuyer(db: Executor, id: number, now: number) {
  return db
    .selectFrom('users as u')
    .select([
      ...profileColumns,
      orderCount.as('order_count'),
      sql<number>`(select count(*) from wallet_ledger l where l.user_id = u.id)`.as('ledger_count'),
      sql<number>`(select count(*) from support_tickets s where s.user_id = u.id)`.as('ticket_count'),
      sql<number>`(select count(*) from user_tokens k
        where k.user_id = u.id and k.revoked_at is null and k.expires_at > ${now})`.as('live_tokens'),
    ])
    .where('u.id', '=', id)
    .executeTakeFirst();
}

export function latestOrders(db: Executor, userId: number, limit: number) {
  return db
    .selectFrom('orders')
    .select([
      'oid',
      'status',
      'currency',
      'total_amount',
      'total_cny',
      'refunded_cny',
      'item_count',
      'pay_method',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function latestTickets(db: Executor, userId: number, limit: number) {
  return db
    .selectFrom('support_tickets as s')
    .leftJoin('orders as o', 'o.id', 's.order_id')
    .select(['s.id', 's.subject', 's.status', 'o.oid', 's.created_at', 's.updated_at'])
    .where('s.user_id', '=', userId)
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
}

export function latestReveals(db: Executor, userId: number, limit: number) {
  return db
    .selectFrom('card_key_reveals as r')
    .leftJoin('card_keys as k', 'k.id', 'r.card_key_id')
    .leftJoin('order_items as i', 'i.id', 'k.order_item_id')
    .leftJoin('orders as o', 'o.id', 'i.order_id')
    .select([
      'r.id',
      'r.card_key_id',
      'k.order_item_id',
      'o.oid',
      'i.goods_name_zh',
      'i.goods_name_en',
      'i.spec_zh',
      'i.spec_en',
      'r.via',
      'r.ip',
      'r.created_at',
    ])
    .where('r.user_id', '=', userId)
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

export async function countReveals(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('card_key_reveals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function ledgerOf(db: Executor, userId: number, type: LedgerType | undefined) {
  let q = db.selectFrom('wallet_ledger').where('user_id', '=', userId);
  if (type) q = q.where('type', '=', type);
  return q;
}

export function listLedgerEntries(
  db: Executor,
  userId: number,
  type: LedgerType | undefined,
  offset: number,
  limit: number,
) {
  return ledgerOf(db, userId, type)
    .select(['id', 'type', 'amount', 'balance_before', 'balance_after', 'ref', 'memo', 'created_at'])
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countLedgerEntries(
  db: Executor,
  userId: number,
  type: LedgerType | undefined,
): Promise<number> {
  const row = await ledgerOf(db, userId, type)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findLedgerByKey(db: Executor, key: string) {
  return db
    .selectFrom('wallet_ledger')
    .select([
      'id',
      'user_id',
      'type',
      'amount',
      'balance_before',
      'balance_after',
      'ref',
      'memo',
      'created_at',
    ])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * Sets the account's flag when it differs: one conditional update, so two operators disabling at
 * once change it once (the other changed zero rows and audits nothing). Returns the rows changed.
 */
export async function setUsable(db: Executor, id: number, usable: 0 | 1, now: number): Promise<number> {
  const result = await db
    .updateTable('users')
    .set({ is_usable: usable, updated_at: now })
    .where('id', '=', id)
    .where('is_usable', '<>', usable)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function balanceOf(db: Executor, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('balance').where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : Number(row.balance);
}

import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database, Executor, ExportsTable } from '../../db/database.ts';

// The exports table and the keyset reads of the ledger, card-key sales and refunds (issue 32,
// decision 078): each page starts after the last id of the one before, on an index that gives the
// rows in id order, so a page costs the same at the end of a million rows as at the start.

export type ExportRow = Selectable<ExportsTable>;

export async function insertExport(db: Executor, row: Insertable<ExportsTable>): Promise<number> {
  const inserted = await db.insertInto('exports').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export function setFileName(db: Executor, id: number, fileName: string) {
  return db.updateTable('exports').set({ file_name: fileName }).where('id', '=', id).execute();
}

export async function findExport(db: Executor, id: number): Promise<ExportRow | undefined> {
  return db.selectFrom('exports').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listExportsOf(db: Executor, operatorId: number, limit: number): Promise<ExportRow[]> {
  return db
    .selectFrom('exports')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function updateExport(db: Executor, id: number, set: Updateable<ExportsTable>) {
  return db
    .updateTable('exports')
    .set({ ...set, updated_at: Date.now() })
    .where('id', '=', id)
    .execute();
}

/** Progress or the outcome of a run: only while the export is running (a finished one stays). */
export function updateRunning(db: Executor, id: number, set: Updateable<ExportsTable>) {
  return db
    .updateTable('exports')
    .set({ ...set, updated_at: Date.now() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/** Exports whose link has expired and that are not marked so yet. */
export async function dueToExpire(db: Database, now: number, limit: number): Promise<ExportRow[]> {
  return db
    .selectFrom('exports')
    .selectAll()
    .where('status', 'in', ['queued', 'running', 'ready', 'failed'])
    .where('expires_at', '<=', now)
    .limit(limit)
    .execute();
}

// ---- the ledger of one buyer ----

export function countLedger(db: Executor, userId: number, cap: number) {
  const capped = db
    .selectFrom('wallet_ledger')
    .select('id')
    .where('user_id', '=', userId)
    .limit(cap + 1);
  return countOf(db.selectFrom(capped.as('c')).select((eb) => eb.fn.countAll<number>().as('n')));
}

export function ledgerPage(db: Executor, userId: number, afterId: number, limit: number) {
  return db
    .selectFrom('wallet_ledger')
    .select(['id', 'type', 'amount', 'balance_before', 'balance_after', 'ref', 'memo', 'created_at'])
    .where('user_id', '=', userId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

// ---- card keys sold ----

export type KeySalesFilter = {
  goodsId?: number | undefined;
  from?: number | undefined;
  to?: number | undefined;
};

function keySales(db: Executor, f: KeySalesFilter) {
  let q = db.selectFrom('card_keys as k').where('k.status', '=', 'sold');
  if (f.goodsId !== undefined) q = q.where('k.goods_id', '=', f.goodsId);
  if (f.from !== undefined) q = q.where('k.sold_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('k.sold_at', '<', f.to);
  return q;
}

export function countKeySales(db: Executor, f: KeySalesFilter, cap: number) {
  const capped = keySales(db, f)
    .select('k.id')
    .limit(cap + 1);
  return countOf(db.selectFrom(capped.as('c')).select((eb) => eb.fn.countAll<number>().as('n')));
}

export function keySalesPage(db: Executor, f: KeySalesFilter, afterId: number, limit: number) {
  return keySales(db, f)
    .innerJoin('order_items as i', 'i.id', 'k.order_item_id')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .select([
      'k.id',
      'k.secret_enc',
      'k.sold_at',
      'o.oid',
      'i.goods_name_zh',
      'i.goods_name_en',
      'i.spec_zh',
      'i.spec_en',
      'i.unit_price_cny',
    ])
    .where('k.id', '>', afterId)
    .orderBy('k.id')
    .limit(limit)
    .execute();
}

// ---- refunds ----

export type RefundsFilter = {
  status?: 'pending' | 'succeeded' | 'failed' | undefined;
  from?: number | undefined;
  to?: number | undefined;
};

function refunds(db: Executor, f: RefundsFilter) {
  let q = db.selectFrom('refunds as r');
  if (f.status !== undefined) q = q.where('r.status', '=', f.status);
  if (f.from !== undefined) q = q.where('r.created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('r.created_at', '<', f.to);
  return q;
}

export function countRefunds(db: Executor, f: RefundsFilter, cap: number) {
  const capped = refunds(db, f)
    .select('r.id')
    .limit(cap + 1);
  return countOf(db.selectFrom(capped.as('c')).select((eb) => eb.fn.countAll<number>().as('n')));
}

export function refundsPage(db: Executor, f: RefundsFilter, afterId: number, limit: number) {
  return refunds(db, f)
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select([
      'r.id',
      'r.no',
      'o.oid',
      'r.amount_cny',
      'r.destination',
      'r.status',
      'r.reason',
      'r.actor',
      'r.created_at',
      'r.finished_at',
    ])
    .where('r.id', '>', afterId)
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

/** The count of a capped count(*) (never more rows walked than the cap). */
async function countOf(q: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) {
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Whether a buyer exists (a ledger export names one). */
export async function userExists(db: Executor, userId: number): Promise<boolean> {
  return (
    (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined
  );
}

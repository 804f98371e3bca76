import type { Insertable, Updateable } from 'kysely';
import type { Executor, OperatorsTable } from '../../db/database.ts';
import { containsText } from '../../db/like.ts';

export function findOperatorByEmail(db: Executor, email: string) {
  return db.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findOperator(db: Executor, id: number) {
  return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The active operator holding a live token. */
export function findOperatorByToken(db: Executor, tokenHash: string, now: number) {
  return db
    .selectFrom('operator_tokens as t')
    .innerJoin('operators as o', 'o.id', 't.operator_id')
    .selectAll('o')
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', now)
    .where('o.is_active', '=', 1)
    .executeTakeFirst();
}

export async function insertOperator(db: Executor, row: Insertable<OperatorsTable>): Promise<number> {
  const inserted = await db.insertInto('operators').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export function updateOperatorRow(db: Executor, id: number, values: Updateable<OperatorsTable>) {
  return db.updateTable('operators').set(values).where('id', '=', id).executeTakeFirst();
}

/** Takes one recovery code: only if the stored list is still the one read (no double use). */
export async function replaceRecoveryCodes(db: Executor, id: number, before: string, after: string) {
  const result = await db
    .updateTable('operators')
    .set({ recovery_codes: after })
    .where('id', '=', id)
    .where('recovery_codes', '=', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Takes TOTP step `step` for the operator: only if no code of this step or a later one was
 * accepted before. One conditional update, so of two logins racing with one code one gets in.
 */
export async function takeTotpStep(db: Executor, id: number, step: number) {
  const result = await db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function insertOperatorToken(
  db: Executor,
  operatorId: number,
  tokenHash: string,
  now: number,
  expiresAt: number,
) {
  return db
    .insertInto('operator_tokens')
    .values({ operator_id: operatorId, token_hash: tokenHash, created_at: now, expires_at: expiresAt })
    .execute();
}

export function revokeOperatorToken(db: Executor, tokenHash: string, now: number) {
  return db
    .updateTable('operator_tokens')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

export function revokeOperatorTokens(db: Executor, operatorId: number, now: number) {
  return db
    .updateTable('operator_tokens')
    .set({ revoked_at: now })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .execute();
}

export function countActiveOwners(db: Executor) {
  return db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('role', '=', 'owner')
    .where('is_active', '=', 1)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export type OperatorSort = 'id' | 'email' | 'last_login_at';

export function listOperatorRows(
  db: Executor,
  keyword: string | undefined,
  sort: OperatorSort,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  let q = db.selectFrom('operators').selectAll();
  if (keyword) q = q.where((eb) => eb.or([containsText('email', keyword), containsText('name', keyword)]));
  return q.orderBy(sort, order).orderBy('id', order).limit(limit).offset(offset).execute();
}

export async function countOperatorRows(db: Executor, keyword: string | undefined) {
  let q = db.selectFrom('operators').select((eb) => eb.fn.countAll<number | string>().as('n'));
  if (keyword) q = q.where((eb) => eb.or([containsText('email', keyword), containsText('name', keyword)]));
  return Number((await q.executeTakeFirstOrThrow()).n);
}

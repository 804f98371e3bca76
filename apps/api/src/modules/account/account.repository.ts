import type { Executor, UsersTable } from '../../db/database.ts';
import { type Insertable, sql, type Updateable } from 'kysely';

export function findUserByAccount(db: Executor, kind: 'email' | 'phone', account: string) {
  return db.selectFrom('users').selectAll().where(kind, '=', account).executeTakeFirst();
}

export async function insertUser(db: Executor, user: Insertable<UsersTable>): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function updateUser(db: Executor, id: number, changes: Updateable<UsersTable>) {
  return db.updateTable('users').set(changes).where('id', '=', id).execute();
}

export function insertToken(db: Executor, userId: number, hash: string, now: number, expiresAt: number) {
  return db
    .insertInto('user_tokens')
    .values({ user_id: userId, token_hash: hash, created_at: now, expires_at: expiresAt })
    .execute();
}

/** The user a live token belongs to: not revoked, not expired, account usable. */
export function findUserByToken(db: Executor, hash: string, now: number) {
  return db
    .selectFrom('user_tokens')
    .innerJoin('users', 'users.id', 'user_tokens.user_id')
    .selectAll('users')
    .where('user_tokens.token_hash', '=', hash)
    .where('user_tokens.revoked_at', 'is', null)
    .where('user_tokens.expires_at', '>', now)
    .where('users.is_usable', '=', 1)
    .executeTakeFirst();
}

export function revokeToken(db: Executor, hash: string, now: number) {
  return db
    .updateTable('user_tokens')
    .set({ revoked_at: now })
    .where('token_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .execute();
}

export function revokeAllTokens(db: Executor, userId: number, now: number) {
  return db
    .updateTable('user_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Counts one password try for `account` and returns the tries in the window, this one included.
 * One atomic statement: guesses sent at the same moment each get their own number, so a burst
 * cannot pass the captcha threshold on a stale count. A count older than the window starts over.
 */
export async function countPasswordTry(
  db: Executor,
  account: string,
  now: number,
  windowMs: number,
): Promise<number> {
  const row = await db
    .insertInto('login_failures')
    .values({ account, failures: 1, updated_at: now })
    .onConflict((oc) =>
      oc.column('account').doUpdateSet({
        failures: sql<number>`case when login_failures.updated_at > ${now - windowMs} then login_failures.failures + 1 else 1 end`,
        updated_at: now,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return row.failures;
}

export function clearLoginFailures(db: Executor, account: string) {
  return db.deleteFrom('login_failures').where('account', '=', account).execute();
}

import type { Executor } from '../../db/database.ts';

// Deletes of the retention sweep (decision 026), each of at most `limit` rows found through an
// index (migration 0014), so that one statement never holds SQLite's single writer for long. The
// tables belong to other modules; the sweep is the one place that removes their dead rows, and it
// never touches money or audit tables (wallet ledger, orders, payments, payment inbox, reveals).

const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

/** Captchas that expired before `before` (a used captcha expires within minutes too). */
export async function deleteCaptchas(db: Executor, before: number, limit: number): Promise<number> {
  const ids = db.selectFrom('captchas').select('key').where('expires_at', '<', before).limit(limit);
  return deleted(await db.deleteFrom('captchas').where('key', 'in', ids).executeTakeFirstOrThrow());
}

/** Verification codes that expired before `before`, used or not. */
export async function deleteVerificationCodes(db: Executor, before: number, limit: number): Promise<number> {
  const ids = db.selectFrom('verification_codes').select('id').where('expires_at', '<', before).limit(limit);
  return deleted(await db.deleteFrom('verification_codes').where('id', 'in', ids).executeTakeFirstOrThrow());
}

/** Failed-login counts whose last try was before `before`. */
export async function deleteLoginFailures(db: Executor, before: number, limit: number): Promise<number> {
  const ids = db.selectFrom('login_failures').select('account').where('updated_at', '<', before).limit(limit);
  return deleted(await db.deleteFrom('login_failures').where('account', 'in', ids).executeTakeFirstOrThrow());
}

/** Tokens that expired before `before`. */
export async function deleteExpiredTokens(db: Executor, before: number, limit: number): Promise<number> {
  const ids = db.selectFrom('user_tokens').select('id').where('expires_at', '<', before).limit(limit);
  return deleted(await db.deleteFrom('user_tokens').where('id', 'in', ids).executeTakeFirstOrThrow());
}

/** Tokens revoked (logout, password change) before `before`. */
export async function deleteRevokedTokens(db: Executor, before: number, limit: number): Promise<number> {
  const ids = db.selectFrom('user_tokens').select('id').where('revoked_at', '<', before).limit(limit);
  return deleted(await db.deleteFrom('user_tokens').where('id', 'in', ids).executeTakeFirstOrThrow());
}

/** Messages a transport took before `before`; unsent ones stay (pending, or given up on). */
export async function deleteSentMessages(db: Executor, before: number, limit: number): Promise<number> {
  const ids = db.selectFrom('outbox').select('id').where('sent_at', '<', before).limit(limit);
  return deleted(await db.deleteFrom('outbox').where('id', 'in', ids).executeTakeFirstOrThrow());
}

/** Jobs that finished (`done`) before `before`; `dead` ones stay for an operator. */
export async function deleteFinishedJobs(db: Executor, before: number, limit: number): Promise<number> {
  const ids = db
    .selectFrom('jobs')
    .select('id')
    .where('status', '=', 'done')
    .where('updated_at', '<', before)
    .limit(limit);
  return deleted(await db.deleteFrom('jobs').where('id', 'in', ids).executeTakeFirstOrThrow());
}

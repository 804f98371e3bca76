import type { Channel, CodePurpose, Executor } from '../../db/database.ts';

export function insertCaptcha(db: Executor, key: string, answerHash: string, expiresAt: number) {
  return db.insertInto('captchas').values({ key, answer_hash: answerHash, expires_at: expiresAt }).execute();
}

/** Marks a live captcha used and returns its answer hash; a captcha is good for one check only. */
export async function takeCaptcha(db: Executor, key: string, now: number): Promise<string | undefined> {
  const row = await db
    .updateTable('captchas')
    .set({ used_at: now })
    .where('key', '=', key)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('answer_hash')
    .executeTakeFirst();
  return row?.answer_hash;
}

export function latestCode(db: Executor, target: string, purpose: CodePurpose) {
  return db
    .selectFrom('verification_codes')
    .selectAll()
    .where('target', '=', target)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function insertCode(
  db: Executor,
  code: {
    target: string;
    channel: Channel;
    purpose: CodePurpose;
    code_hash: string;
    created_at: number;
    expires_at: number;
  },
) {
  return db.insertInto('verification_codes').values(code).execute();
}

export function countFailedTry(db: Executor, id: number) {
  return db
    .updateTable('verification_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Uses a code once: only the first of concurrent attempts gets a row back. */
export async function useCode(db: Executor, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('verification_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

import type { Executor } from '../../db/database.ts';
import { engineOf } from '../../db/dialect.ts';
import { sql } from 'kysely';

/** The row that counts changes (decision 082): processes compare it to rebuild their clients. */
export const VERSION_KEY = 'version';

export function readChannelRows(db: Executor) {
  return db
    .selectFrom('channel_settings')
    .select(['key', 'value', 'secret'])
    .where('key', '<>', VERSION_KEY)
    .execute();
}

export async function readChannelVersion(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('channel_settings')
    .select('value')
    .where('key', '=', VERSION_KEY)
    .executeTakeFirst();
  return row ? Number(row.value) : 0;
}

export async function writeChannelValue(
  db: Executor,
  row: { key: string; value: string; secret: number },
  now: number,
): Promise<void> {
  await db
    .insertInto('channel_settings')
    .values({ ...row, updated_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value: row.value, secret: row.secret, updated_at: now }),
    )
    .execute();
}

export async function deleteChannelValue(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('channel_settings').where('key', '=', key).execute();
}

/** Serialises changes (the audited "before" is what a change replaced) and counts them. */
export async function lockChannels(trx: Executor): Promise<void> {
  if (engineOf(trx) === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext('shop.channels'))`.execute(trx);
}

export async function bumpChannelVersion(trx: Executor, now: number): Promise<number> {
  const next = (await readChannelVersion(trx)) + 1;
  await writeChannelValue(trx, { key: VERSION_KEY, value: String(next), secret: 0 }, now);
  return next;
}

import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { engineOf } from '../../db/dialect.ts';

export async function readSettings(db: Executor, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'in', keys).execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function writeSettings(db: Executor, values: Record<string, string>): Promise<void> {
  const now = Date.now();
  for (const [key, value] of Object.entries(values)) {
    await db
      .insertInto('settings')
      .values({ key, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
      .execute();
  }
}

export async function readAllSettings(db: Executor): Promise<Map<string, string>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

/**
 * Serialises the console's settings changes inside the caller's transaction (issue 14), so the
 * audited "before" is what each change replaced. SQLite runs one write transaction at a time.
 */
export async function lockSettings(trx: Executor): Promise<void> {
  if (engineOf(trx) === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext('shop.settings'))`.execute(trx);
}

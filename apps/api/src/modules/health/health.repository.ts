import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** The cheapest statement the database must answer: readiness (/readyz). */
export async function pingDatabase(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}

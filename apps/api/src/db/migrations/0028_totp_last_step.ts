import type { Kysely } from 'kysely';

// Issue 29, finding 3 (decision 056): the time step (unix time / 30 s) of the last TOTP code an
// operator was let in with. A login is accepted only by a conditional update that raises it
// (`where totp_last_step is null or totp_last_step < step`), so a code, once used, never opens a
// second session within its window (RFC 6238 §5.2), not even when two logins send it at once.
// null: no code accepted yet. `integer` on both engines: steps stay below 2^31 for 2,000 years.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('operators').addColumn('totp_last_step', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('operators').dropColumn('totp_last_step').execute();
}

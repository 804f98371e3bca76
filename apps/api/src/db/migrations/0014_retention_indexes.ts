import type { Kysely } from 'kysely';

// Issue 11, finding 8 (decision 026): the retention sweep deletes rows by the time they expired or
// finished. These indexes let each of its batches find them without reading the whole table, so
// an hourly sweep costs what it deletes. (outbox is found through outbox_pending, on sent_at.)
const INDEXES = [
  { name: 'captchas_expires', table: 'captchas', columns: ['expires_at'] },
  { name: 'verification_codes_expires', table: 'verification_codes', columns: ['expires_at'] },
  { name: 'login_failures_updated', table: 'login_failures', columns: ['updated_at'] },
  { name: 'user_tokens_expires', table: 'user_tokens', columns: ['expires_at'] },
  { name: 'user_tokens_revoked', table: 'user_tokens', columns: ['revoked_at'] },
  { name: 'jobs_finished', table: 'jobs', columns: ['status', 'updated_at'] },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const index of INDEXES)
    await db.schema
      .createIndex(index.name)
      .on(index.table)
      .columns([...index.columns])
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of INDEXES) await db.schema.dropIndex(index.name).execute();
}

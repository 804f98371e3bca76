import type { Kysely } from 'kysely';

// Delivery of the outbox through SMTP and the SMS adapter (issue 4): tries, a back-off time, the
// last error, and a short claim so that two processes never send the same message. SQLite takes
// one column per ALTER TABLE.
export async function up(db: Kysely<any>): Promise<void> {
  const outbox = () => db.schema.alterTable('outbox');
  await outbox()
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await outbox()
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await outbox()
    .addColumn('claimed_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await outbox().addColumn('last_error', 'varchar(500)').execute();
  await db.schema
    .createIndex('outbox_pending')
    .on('outbox')
    .columns(['sent_at', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_pending').execute();
  for (const column of ['last_error', 'claimed_until', 'next_attempt_at', 'attempts'])
    await db.schema.alterTable('outbox').dropColumn(column).execute();
}

import { type Kysely, sql } from 'kysely';
import { columns } from './helpers.ts';

// Image captchas, one-time verification codes and the outbox of messages (issue 4). Answers and
// codes are stored as SHA-256 hashes only.
export async function up(db: Kysely<any>): Promise<void> {
  const { id } = columns(db);
  await db.schema
    .createTable('captchas')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer_hash', 'char(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();

  await id(db.schema.createTable('verification_codes'))
    .addColumn('target', 'varchar(254)', (c) => c.notNull())
    .addColumn('channel', 'varchar(8)', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('purpose', 'varchar(16)', (c) =>
      c.notNull().check(sql`purpose in ('register', 'reset', 'change')`),
    )
    .addColumn('code_hash', 'char(64)', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('verification_codes_lookup')
    .on('verification_codes')
    .columns(['target', 'purpose', 'created_at'])
    .execute();

  await id(db.schema.createTable('outbox'))
    .addColumn('channel', 'varchar(8)', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('recipient', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['outbox', 'verification_codes', 'captchas'])
    await db.schema.dropTable(table).execute();
}

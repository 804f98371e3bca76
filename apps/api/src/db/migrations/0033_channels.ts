import type { Kysely } from 'kysely';

// Issue 32 (decisions 082–083): payment channels, SMTP and the SMS webhook set from the console, and
// the mail templates operators rewrite. Times are epoch milliseconds (decision 003).
// - channel_settings: one row per field (`alipay.app_id`, `smtp.password`, …); a secret's value is
//   encrypted like card keys ("v1.<iv>.<tag>.<ciphertext>", `secret` = 1), the others are plain.
//   The row `version` counts the changes: each process reads it when it uses a channel and rebuilds
//   its transports and payment clients when it moved.
// - mail_templates: an operator's subject and body of one kind of mail in one language; no row is
//   the built-in text.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('channel_settings')
    .addColumn('key', 'varchar(60)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('secret', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('mail_templates')
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('lang', 'varchar(10)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_templates_pk', ['kind', 'lang'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_templates').execute();
  await db.schema.dropTable('channel_settings').execute();
}

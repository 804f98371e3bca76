import { type Kysely, sql } from 'kysely';
import { columns } from './helpers.ts';

// Issue 32 (decisions 076–077): operators' alerts. Times are epoch milliseconds (decision 003).
// - alert_events: one row per thing that happened, recorded in the transaction of its cause and
//   made unique by `event_key` (a retried transaction, two processes or two sweeps make one event);
// - alert_subscriptions: which kinds of event reach which operator on which channel;
// - alert_recipients: an operator's Telegram chat;
// - alert_webhooks: outgoing webhooks (the secret sealed with the card-key cipher) and their kinds;
// - alert_deliveries: one row per (event, channel, recipient), unique `delivery_key`: the delivery
//   log (status, attempts, last response) that the jobs runner works from;
// - alert_telegram_sandbox: what the built-in Telegram sandbox was asked to send (development);
// - operator_login_addresses: the addresses each operator logged in from (new address alerts);
// - alert_config: the bot token (sealed) and the limits of the "past a limit" checks, apart from
//   the site's settings so that no settings page can list a secret;
// - alert_low_stock: the card-key options under their alert level already told about.

export async function up(db: Kysely<any>): Promise<void> {
  const { id, ref } = columns(db);

  await id(db.schema.createTable('alert_events'))
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('event_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alert_events_created').on('alert_events').column('created_at').execute();

  await id(db.schema.createTable('alert_subscriptions'))
    .addColumn('operator_id', ref, (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('channel', 'varchar(12)', (c) => c.notNull().check(sql`channel in ('email', 'telegram')`))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('alert_subscriptions_one', ['operator_id', 'kind', 'channel'])
    .execute();
  await db.schema
    .createIndex('alert_subscriptions_kind')
    .on('alert_subscriptions')
    .columns(['kind', 'channel'])
    .execute();

  await db.schema
    .createTable('alert_recipients')
    .addColumn('operator_id', ref, (c) => c.primaryKey().references('operators.id').onDelete('cascade'))
    .addColumn('telegram_chat_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('alert_webhooks'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('secret_last4', 'varchar(8)', (c) => c.notNull())
    .addColumn('kinds', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('alert_deliveries'))
    .addColumn('event_id', ref, (c) => c.notNull().references('alert_events.id'))
    .addColumn('channel', 'varchar(12)', (c) =>
      c.notNull().check(sql`channel in ('email', 'telegram', 'webhook')`),
    )
    /** `op:<operator id>` or `webhook:<webhook id>`. */
    .addColumn('recipient', 'varchar(40)', (c) => c.notNull())
    .addColumn('operator_id', ref)
    .addColumn('webhook_id', ref)
    /** What it was sent to when created (an address, a chat id, a URL), for the log. */
    .addColumn('target', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('delivery_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('status', 'varchar(12)', (c) =>
      c.notNull().check(sql`status in ('queued', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_status', 'integer')
    .addColumn('last_response', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('next_at', 'bigint')
    .addColumn('sent_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alert_deliveries_event').on('alert_deliveries').column('event_id').execute();
  await db.schema
    .createIndex('alert_deliveries_operator')
    .on('alert_deliveries')
    .columns(['operator_id', 'id'])
    .execute();

  await id(db.schema.createTable('alert_telegram_sandbox'))
    .addColumn('delivery_key', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('chat_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('operator_login_addresses')
    .addColumn('operator_id', ref, (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('first_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('operator_login_addresses_pk', ['operator_id', 'ip'])
    .execute();

  await db.schema
    .createTable('alert_config')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('alert_low_stock')
    .addColumn('option_key', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('since', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'alert_low_stock',
    'alert_config',
    'operator_login_addresses',
    'alert_telegram_sandbox',
    'alert_deliveries',
    'alert_webhooks',
    'alert_recipients',
    'alert_subscriptions',
    'alert_events',
  ])
    await db.schema.dropTable(table).execute();
}

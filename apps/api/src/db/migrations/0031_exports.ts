import { type Kysely, sql } from 'kysely';
import { columns } from './helpers.ts';

// Issue 32 (decisions 078–079): the console's exports. One row per export an operator asked for:
// what (kind, format, language, filters as JSON), how (`now`: streamed at once from the database
// when the link is opened; `job`: written to a file under DATA_DIR/exports by a background job),
// its progress (rows_done of rows_total) and when its link stops working (`expires_at`); the
// file is deleted then (status `expired`).
export async function up(db: Kysely<any>): Promise<void> {
  const { id, ref } = columns(db);
  await id(db.schema.createTable('exports'))
    .addColumn('operator_id', ref, (c) => c.notNull().references('operators.id'))
    .addColumn('kind', 'varchar(20)', (c) =>
      c.notNull().check(sql`kind in ('orders', 'ledger', 'key_sales', 'refunds', 'dashboard')`),
    )
    .addColumn('format', 'varchar(4)', (c) => c.notNull().check(sql`format in ('csv', 'xlsx')`))
    .addColumn('locale', 'varchar(5)', (c) => c.notNull())
    .addColumn('filters', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('mode', 'varchar(3)', (c) => c.notNull().check(sql`mode in ('now', 'job')`))
    .addColumn('status', 'varchar(8)', (c) =>
      c.notNull().check(sql`status in ('queued', 'running', 'ready', 'failed', 'expired')`),
    )
    .addColumn('rows_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_name', 'varchar(120)', (c) => c.notNull())
    .addColumn('byte_size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('exports_operator').on('exports').columns(['operator_id', 'id']).execute();
  await db.schema.createIndex('exports_expires').on('exports').columns(['status', 'expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('exports').execute();
}

import { type Kysely, sql } from 'kysely';
import { columns } from './helpers.ts';

// Issue 7, second part.
//
// `jobs` — the background work of ARCHITECTURE.md §1: one row per piece of work, unique by its key
// (e.g. `topup:<order item id>`), run when `run_at` has come, claimed for a lease (on PostgreSQL
// with FOR UPDATE SKIP LOCKED), retried with back-off, `done` or `dead` at the end. Recurring
// sweeps (order timeouts, the mail outbox) are rows that put themselves back with a later run_at.
//
// `deliveries` — what happens to each paid item that is not a card key: a direct top-up through the
// supplier (queued → submitted → succeeded, or → refunded after a definite failure; `unknown` while
// the supplier's answer is not known and is being polled), or a manual delivery (waiting →
// delivered | refunded). One row per order item; the refund's ledger entry is keyed by the item.
export async function up(db: Kysely<any>): Promise<void> {
  const { id, ref } = columns(db);
  await id(db.schema.createTable('jobs'))
    .addColumn('name', 'varchar(40)', (c) => c.notNull())
    .addColumn('job_key', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().check(sql`status in ('queued', 'done', 'dead')`))
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();

  await id(db.schema.createTable('deliveries'))
    .addColumn('order_item_id', ref, (c) => c.notNull().unique().references('order_items.id'))
    .addColumn('order_id', ref, (c) => c.notNull().references('orders.id'))
    .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().check(sql`kind in ('topup', 'manual')`))
    .addColumn('status', 'varchar(12)', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('queued', 'submitted', 'unknown', 'succeeded', 'waiting', 'delivered', 'refunded')`,
        ),
    )
    .addColumn('supplier_ref', 'varchar(100)')
    .addColumn('polls', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('note', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('refund_cny', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`refund_cny >= 0`),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addCheckConstraint('deliveries_refund', sql`(status = 'refunded') = (refund_cny > 0)`)
    .execute();
  await db.schema.createIndex('deliveries_order').on('deliveries').column('order_id').execute();
  await db.schema.createIndex('deliveries_status').on('deliveries').columns(['kind', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('deliveries').execute();
  await db.schema.dropTable('jobs').execute();
}

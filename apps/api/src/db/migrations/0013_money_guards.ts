import { type Kysely, sql } from 'kysely';
import { columns } from './helpers.ts';

// Issue 11.
//
// Finding 2: the inbox of provider notifications was unique per (provider, trade
// number), so a signed "not paid yet" (WAIT_BUYER_PAY) or TRADE_CLOSED notice for trade T took
// the key and T's later TRADE_SUCCESS was answered as a duplicate and never applied. Every notice
// is still recorded, but only a paid one fills `dedupe_key` (the trade number): NULLs are distinct
// under a unique constraint on both engines, so non-final notices never consume the key.
// SQLite cannot drop a table constraint, so the table is rebuilt the same way on both engines.
//
// Finding 7: a buyer's pending recharges are counted at each new one (the per-buyer cap).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('payments_user_pending')
    .on('payments')
    .columns(['user_id', 'kind', 'status', 'created_at'])
    .execute();
  const { id } = columns(db);
  await id(db.schema.createTable('payment_inbox_next'))
    .addColumn('provider', 'varchar(10)', (c) => c.notNull())
    .addColumn('trade_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('dedupe_key', 'varchar(64)')
    .addColumn('payment_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'varchar(20)', (c) => c.notNull())
    .addUniqueConstraint('payment_inbox_paid_once', ['provider', 'dedupe_key'])
    .execute();
  await sql`
    insert into payment_inbox_next (provider, trade_no, dedupe_key, payment_no, body, received_at, outcome)
    select provider, trade_no, case when outcome = 'not_paid' then null else trade_no end,
           payment_no, body, received_at, outcome
    from payment_inbox order by id`.execute(db);
  await db.schema.dropTable('payment_inbox').execute();
  await db.schema.alterTable('payment_inbox_next').renameTo('payment_inbox').execute();
  await db.schema.createIndex('payment_inbox_payment').on('payment_inbox').column('payment_no').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_user_pending').execute();
  // Back to one row per (provider, trade number): the first notice of each trade is kept.
  const { id } = columns(db);
  await id(db.schema.createTable('payment_inbox_prev'))
    .addColumn('provider', 'varchar(10)', (c) => c.notNull())
    .addColumn('trade_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('payment_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'varchar(20)', (c) => c.notNull())
    .addUniqueConstraint('payment_inbox_once', ['provider', 'trade_no'])
    .execute();
  await sql`
    insert into payment_inbox_prev (provider, trade_no, payment_no, body, received_at, outcome)
    select provider, trade_no, payment_no, body, received_at, outcome from payment_inbox p
    where id = (select min(id) from payment_inbox q where q.provider = p.provider and q.trade_no = p.trade_no)
    order by id`.execute(db);
  await db.schema.dropTable('payment_inbox').execute();
  await db.schema.alterTable('payment_inbox_prev').renameTo('payment_inbox').execute();
}

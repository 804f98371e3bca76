import { type Kysely, sql } from 'kysely';
import { columns } from './helpers.ts';

// Payments through Alipay and WeChat Pay (issue 6): one row per attempt, numbered with our
// out_trade_no, for an order or a wallet recharge; and the inbox of provider notifications, unique
// per (provider, trade number), so that each is processed once.
export async function up(db: Kysely<any>): Promise<void> {
  const { id, ref } = columns(db);
  await id(db.schema.createTable('payments'))
    .addColumn('no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().check(sql`kind in ('order', 'recharge')`))
    .addColumn('order_id', ref, (c) => c.references('orders.id'))
    .addColumn('method', 'varchar(10)', (c) => c.notNull().check(sql`method in ('alipay', 'wechat')`))
    .addColumn('amount_cny', 'bigint', (c) => c.notNull().check(sql`amount_cny > 0`))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().check(sql`status in ('pending', 'paid')`))
    .addColumn('provider_trade_no', 'varchar(64)')
    .addColumn('outcome', 'varchar(20)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .execute();
  await db.schema.createIndex('payments_order').on('payments').column('order_id').execute();

  await id(db.schema.createTable('payment_inbox'))
    .addColumn('provider', 'varchar(10)', (c) => c.notNull())
    .addColumn('trade_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('payment_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'varchar(20)', (c) => c.notNull())
    .addUniqueConstraint('payment_inbox_once', ['provider', 'trade_no'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_inbox').execute();
  await db.schema.dropTable('payments').execute();
}

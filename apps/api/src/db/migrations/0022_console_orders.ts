import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect.ts';
import { columns } from './helpers.ts';

// Issue 15 (decision 040): orders, refunds, buyers, support and the dashboard in the console.
// - refunds: every refund of an order's money, one row each: to the buyer's balance (done in the
//   transaction that records it) or to the original Alipay / WeChat payment (pending until the
//   provider answers; `no` is our out_request_no / out_refund_no, so asking again is idempotent at
//   the provider). `request_key` makes a repeated operator request find the first refund.
// - orders.refunded_cny and order_items.refunded_cny: what has been given back, counted when a
//   refund is recorded (pending ones included) by one conditional update whose CHECK is the last
//   guard: never more than was paid (total_cny, the item's charged_cny), whatever races.
//   Existing delivery refunds (decision 021) are counted and get their refunds row.
// - deliveries.tracking_no: the carrier's number of a shipped item, which the buyer sees.
// - wallet_ledger.memo: why an operator adjusted a balance (the buyer sees it in the asset log).
// - support_canned_replies: answers an operator inserts into a reply; support_messages says which
//   operator answered and holds the console's request key (unique per ticket: a double click posts once).
// - dashboard_days: the dashboard's figures of a closed shop day (UTC+8), computed once.
// - indexes for the console's searches over many orders, and a buyer's reveals on their page.
export async function up(db: Kysely<any>): Promise<void> {
  const { id, ref } = columns(db);
  const pg = engineOf(db) === 'postgres';

  await db.schema
    .alterTable('orders')
    .addColumn('refunded_cny', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`refunded_cny >= 0 and refunded_cny <= total_cny`),
    )
    .execute();
  await db.schema
    .alterTable('order_items')
    .addColumn('refunded_cny', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`refunded_cny >= 0 and refunded_cny <= charged_cny`),
    )
    .execute();
  await db.schema
    .alterTable('deliveries')
    .addColumn('tracking_no', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('wallet_ledger')
    .addColumn('memo', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();

  await id(db.schema.createTable('refunds'))
    .addColumn('no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('order_id', ref, (c) => c.notNull().references('orders.id'))
    .addColumn('order_item_id', ref, (c) => c.references('order_items.id'))
    .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
    .addColumn('amount_cny', 'bigint', (c) => c.notNull().check(sql`amount_cny > 0`))
    .addColumn('destination', 'varchar(10)', (c) =>
      c.notNull().check(sql`destination in ('balance', 'alipay', 'wechat')`),
    )
    .addColumn('payment_id', ref, (c) => c.references('payments.id'))
    .addColumn('status', 'varchar(10)', (c) =>
      c.notNull().check(sql`status in ('pending', 'succeeded', 'failed')`),
    )
    .addColumn('provider_refund_no', 'varchar(64)')
    .addColumn('reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('actor', 'varchar(120)', (c) => c.notNull())
    .addColumn('request_key', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('failure', 'varchar(300)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addCheckConstraint('refunds_payment', sql`(destination = 'balance') = (payment_id is null)`)
    .execute();
  await db.schema.createIndex('refunds_order').on('refunds').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('refunds_status').on('refunds').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('refunds_created').on('refunds').column('created_at').execute();

  // What deliveries refunded before this migration (decision 021), counted and recorded.
  await sql`update order_items set refunded_cny = (
      select d.refund_cny from deliveries d where d.order_item_id = order_items.id)
    where id in (select order_item_id from deliveries where status = 'refunded')`.execute(db);
  await sql`update orders set refunded_cny = (
      select coalesce(sum(i.refunded_cny), 0) from order_items i where i.order_id = orders.id)
    where id in (select order_id from deliveries where status = 'refunded')`.execute(db);
  await sql`insert into refunds (no, order_id, order_item_id, user_id, amount_cny, destination, status,
      reason, actor, request_key, created_at, updated_at, finished_at)
    select ${sql.lit('RD')} || d.order_item_id, d.order_id, d.order_item_id, d.user_id, d.refund_cny,
      'balance', 'succeeded', d.note, 'system', ${sql.lit('delivery:')} || d.order_item_id,
      coalesce(d.finished_at, d.updated_at), coalesce(d.finished_at, d.updated_at), coalesce(d.finished_at, d.updated_at)
    from deliveries d where d.status = 'refunded' order by d.id`.execute(db);

  await id(db.schema.createTable('support_canned_replies'))
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('body', 'varchar(2000)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('support_messages')
    .addColumn('answered_by', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('support_messages').addColumn('request_key', 'varchar(120)').execute();
  await db.schema
    .createIndex('support_messages_request')
    .on('support_messages')
    .columns(['ticket_id', 'request_key'])
    .unique()
    .execute();

  await db.schema
    .createTable('dashboard_days')
    .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('figures', 'text', (c) => c.notNull())
    .addColumn('computed_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema.createIndex('orders_created').on('orders').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('orders_paid').on('orders').columns(['paid_at']).execute();
  await db.schema.createIndex('orders_status_id').on('orders').columns(['status', 'id']).execute();
  await db.schema
    .createIndex('order_items_goods')
    .on('order_items')
    .columns(['goods_id', 'order_id'])
    .execute();
  await db.schema.createIndex('order_items_player').on('order_items').columns(['player_id']).execute();
  await db.schema
    .createIndex('card_key_reveals_user')
    .on('card_key_reveals')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema.createIndex('deliveries_finished').on('deliveries').columns(['finished_at']).execute();
  await db.schema.createIndex('support_tickets_order').on('support_tickets').column('order_id').execute();
  if (pg) await sql`analyze`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'support_tickets_order',
    'deliveries_finished',
    'card_key_reveals_user',
    'order_items_player',
    'order_items_goods',
    'orders_status_id',
    'orders_paid',
    'orders_created',
  ])
    await db.schema.dropIndex(index).execute();
  await db.schema.dropTable('dashboard_days').execute();
  await db.schema.dropTable('support_canned_replies').execute();
  await db.schema.dropIndex('support_messages_request').execute();
  await db.schema.alterTable('support_messages').dropColumn('request_key').execute();
  await db.schema.alterTable('support_messages').dropColumn('answered_by').execute();
  await db.schema.dropTable('refunds').execute();
  await db.schema.alterTable('wallet_ledger').dropColumn('memo').execute();
  await db.schema.alterTable('deliveries').dropColumn('tracking_no').execute();
  await db.schema.alterTable('order_items').dropColumn('refunded_cny').execute();
  await db.schema.alterTable('orders').dropColumn('refunded_cny').execute();
}

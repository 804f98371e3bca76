import { type Kysely, sql } from 'kysely';
import { columns } from './helpers.ts';

// Orders and the wallet ledger (issue 6, ARCHITECTURE.md §5). Amounts are integer minor units:
// order amounts in the order's frozen currency, with their CNY equivalent beside them (the
// settlement currency: balance, ledger and payments are in CNY).
export async function up(db: Kysely<any>): Promise<void> {
  const { id, ref } = columns(db);
  await id(db.schema.createTable('orders'))
    .addColumn('oid', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
    .addColumn('status', 'varchar(20)', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('pending_payment', 'paid', 'delivering', 'completed', 'cancelled', 'failed', 'refunded')`,
        ),
    )
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().check(sql`currency in ('CNY', 'USD')`))
    .addColumn('total_amount', 'bigint', (c) => c.notNull().check(sql`total_amount >= 0`))
    .addColumn('total_cny', 'bigint', (c) => c.notNull().check(sql`total_cny >= 0`))
    .addColumn('exchange_rate_ppm', 'bigint', (c) => c.notNull())
    .addColumn('item_count', 'integer', (c) => c.notNull())
    .addColumn('pay_method', 'varchar(16)')
    .addColumn('cancel_reason', 'varchar(16)')
    .addColumn('idempotency_key', 'varchar(100)')
    .addColumn('request_hash', 'char(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('cancelled_at', 'bigint')
    .addColumn('completed_at', 'bigint')
    .addUniqueConstraint('orders_idempotency', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'status', 'id']).execute();
  await db.schema.createIndex('orders_expiry').on('orders').columns(['status', 'expires_at']).execute();

  await id(db.schema.createTable('order_items'))
    .addColumn('order_id', ref, (c) => c.notNull().references('orders.id'))
    .addColumn('goods_id', ref, (c) => c.notNull().references('goods.id'))
    .addColumn('goods_sku_id', ref, (c) => c.references('goods_skus.id'))
    .addColumn('face_value', 'integer')
    .addColumn('spec_type', 'smallint', (c) => c.notNull())
    .addColumn('recharge_type', 'smallint', (c) => c.notNull())
    .addColumn('goods_name_zh', 'varchar(200)', (c) => c.notNull())
    .addColumn('goods_name_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('spec_zh', 'varchar(200)', (c) => c.notNull())
    .addColumn('spec_en', 'varchar(200)', (c) => c.notNull())
    .addColumn('image', 'varchar(300)', (c) => c.notNull())
    .addColumn('player_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('server_id', ref, (c) => c.references('game_servers.id'))
    .addColumn('server_zh', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('server_en', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('num', 'integer', (c) => c.notNull().check(sql`num >= 1`))
    .addColumn('unit_price', 'bigint', (c) => c.notNull().check(sql`unit_price >= 0`))
    .addColumn('unit_price_cny', 'bigint', (c) => c.notNull().check(sql`unit_price_cny >= 0`))
    .addColumn('stock_reserved', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute();

  await id(db.schema.createTable('wallet_ledger'))
    .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
    .addColumn('type', 'varchar(20)', (c) =>
      c.notNull().check(sql`type in ('opening', 'recharge', 'order_payment', 'refund', 'adjustment')`),
    )
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('balance_before', 'bigint', (c) => c.notNull().check(sql`balance_before >= 0`))
    .addColumn('balance_after', 'bigint', (c) => c.notNull().check(sql`balance_after >= 0`))
    .addColumn('ref', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('idempotency_key', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('wallet_ledger_adds_up', sql`balance_after = balance_before + amount`)
    .execute();
  await db.schema.createIndex('wallet_ledger_user').on('wallet_ledger').columns(['user_id', 'id']).execute();

  // Balances that exist already (the demo buyer) get their opening entry: ledger sum = balance.
  await sql`
    insert into wallet_ledger (user_id, type, amount, balance_before, balance_after, ref, idempotency_key, created_at)
    select id, 'opening', balance, 0, balance, '', ${sql.lit('opening:')} || id, created_at
    from users where balance > 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['wallet_ledger', 'order_items', 'orders']) await db.schema.dropTable(table).execute();
}

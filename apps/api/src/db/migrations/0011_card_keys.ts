import { type Kysely, sql } from 'kysely';
import { columns } from './helpers.ts';

// Card keys (issue 7): encrypted at rest, one option each (a SKU or a face value), reserved for one
// order item when the order is made, sold when it is paid, released on cancel. A key row holds at
// most one order item, and (option, keyed hash) is unique, so one secret is never stocked twice.
// For card goods the option's `stock` is from now on the count of available keys: options without
// keys start at 0 (the demo seed imports demo keys).
export async function up(db: Kysely<any>): Promise<void> {
  const { id, ref } = columns(db);
  await id(db.schema.createTable('card_keys'))
    .addColumn('goods_id', ref, (c) => c.notNull().references('goods.id'))
    .addColumn('goods_sku_id', ref, (c) => c.references('goods_skus.id'))
    .addColumn('face_value', 'integer')
    .addColumn('option_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('secret_enc', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'char(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) =>
      c.notNull().check(sql`status in ('available', 'reserved', 'sold')`),
    )
    .addColumn('order_item_id', ref, (c) => c.references('order_items.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('reserved_at', 'bigint')
    .addColumn('sold_at', 'bigint')
    .addUniqueConstraint('card_keys_once', ['option_key', 'secret_hash'])
    .addCheckConstraint('card_keys_owner', sql`(status = 'available') = (order_item_id is null)`)
    .execute();
  await db.schema
    .createIndex('card_keys_pick')
    .on('card_keys')
    .columns(['option_key', 'status', 'id'])
    .execute();
  await db.schema.createIndex('card_keys_item').on('card_keys').column('order_item_id').execute();

  await id(db.schema.createTable('card_key_reveals'))
    .addColumn('card_key_id', ref, (c) => c.notNull().references('card_keys.id'))
    .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  const cardGoods = db.selectFrom('goods').select('id').where('recharge_type', '=', 1);
  await db.updateTable('goods_skus').set({ stock: 0 }).where('goods_id', 'in', cardGoods).execute();
  await db.updateTable('goods_face_values').set({ stock: 0 }).where('goods_id', 'in', cardGoods).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('card_key_reveals').execute();
  await db.schema.dropTable('card_keys').execute();
}

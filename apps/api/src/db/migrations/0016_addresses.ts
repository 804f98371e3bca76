import { type Kysely, sql } from 'kysely';
import { columns } from './helpers.ts';

// Issue 12 (decision 030): merchandise ships to an address, or the order is not paid.
// - goods.ships: 1 for goods that are shipped to the buyer (physical recharge_type 3 goods). A
//   database that existed before keeps 0 everywhere: an operator marks what ships.
// - order_items.ships: frozen when the order is made, like its prices, so a later change of the
//   goods does not change what an unpaid order needs.
// - addresses: the buyer's address book. Regions are ids of the regions table with their names in
//   both languages copied beside them, so an address reads the same if the region list is edited.
//   At most one default per buyer, held by a partial unique index on both engines.
// - orders.ship_address: the copy the parcel is labelled with, one JSON text (see decision 030:
//   it is written and read whole, never searched by part, and carries two languages of names).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('goods')
    .addColumn('ships', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('order_items')
    .addColumn('ships', 'smallint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('ship_address', 'text').execute();

  const { id, ref } = columns(db);
  let table = id(db.schema.createTable('addresses'))
    .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipient', 'varchar(30)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull());
  for (const level of ['province', 'city', 'district'])
    table = table
      .addColumn(`${level}_id`, ref, (c) => c.notNull())
      .addColumn(`${level}_zh`, 'varchar(200)', (c) => c.notNull())
      .addColumn(`${level}_en`, 'varchar(200)', (c) => c.notNull());
  await table
    .addColumn('detail', 'varchar(120)', (c) => c.notNull())
    .addColumn('is_default', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('addresses_user').on('addresses').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('addresses_one_default')
    .unique()
    .on('addresses')
    .column('user_id')
    .where(sql.ref('is_default'), '=', 1)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('addresses').execute();
  await db.schema.alterTable('orders').dropColumn('ship_address').execute();
  await db.schema.alterTable('order_items').dropColumn('ships').execute();
  await db.schema.alterTable('goods').dropColumn('ships').execute();
}

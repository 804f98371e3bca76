import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect.ts';

// Issue 32 (decision 080): the console's order search by the start of an order number, a player
// id, a buyer's email or phone. A prefix is read as a range of one index on both engines
// (`>= prefix and < prefix || U+10FFFF`, compared byte by byte):
// - SQLite compares text by its bytes (BINARY) already, so the unique indexes of orders.oid,
//   users.email and users.phone serve the range as they are; the player id gets (player_id,
//   order_id), so the order ids come from the index alone.
// - PostgreSQL's indexes follow the database's collation, which may not order by bytes (en_US):
//   the range uses the `~>=~` / `~<~` operators of text_pattern_ops indexes, added here. The same
//   indexes answer `=`, so the player index replaces order_items_player.

export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`create index orders_oid_prefix on orders (oid text_pattern_ops)`.execute(db);
    await sql`create index users_email_prefix on users (email text_pattern_ops)`.execute(db);
    await sql`create index users_phone_prefix on users (phone text_pattern_ops)`.execute(db);
    await sql`create index order_items_player_prefix on order_items (player_id text_pattern_ops, order_id)`.execute(
      db,
    );
    await db.schema.dropIndex('order_items_player').execute();
    await sql`analyze orders, users, order_items`.execute(db);
  } else {
    await db.schema
      .createIndex('order_items_player_prefix')
      .on('order_items')
      .columns(['player_id', 'order_id'])
      .execute();
    await db.schema.dropIndex('order_items_player').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('order_items_player').on('order_items').columns(['player_id']).execute();
  await db.schema.dropIndex('order_items_player_prefix').execute();
  if (engineOf(db) === 'postgres') {
    for (const index of ['users_phone_prefix', 'users_email_prefix', 'orders_oid_prefix'])
      await db.schema.dropIndex(index).execute();
  }
}

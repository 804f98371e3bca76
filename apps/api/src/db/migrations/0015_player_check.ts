import type { Kysely } from 'kysely';
import { columns } from './helpers.ts';

// Issue 12 (decision 033): a direct top-up is ordered only for a player the supplier found.
// - The nickname the supplier returned is kept on the cart line and frozen on the order item, so
//   the cart, checkout, order, mail and the operator's delivery list show "id · server · nickname".
// - goods: an optional "where do I find my player id" hint (text in both languages, a picture),
//   and whether a top-up face value may be bought more than once per line (default: no).
// - player_accounts: the buyer's recent game accounts per goods, for one tap on the goods page.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('cart_items')
    .addColumn('player_nickname', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('order_items')
    .addColumn('player_nickname', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  for (const column of ['player_hint_zh', 'player_hint_en'])
    await db.schema
      .alterTable('goods')
      .addColumn(column, 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .execute();
  await db.schema
    .alterTable('goods')
    .addColumn('player_hint_image', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('goods')
    .addColumn('topup_multiple', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  const { id, ref } = columns(db);
  await id(db.schema.createTable('player_accounts'))
    .addColumn('user_id', ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('goods_id', ref, (c) => c.notNull())
    .addColumn('server_id', ref, (c) => c.notNull())
    .addColumn('player_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('player_accounts_one', ['user_id', 'goods_id', 'server_id', 'player_id'])
    .execute();
  await db.schema
    .createIndex('player_accounts_recent')
    .on('player_accounts')
    .columns(['user_id', 'goods_id', 'used_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('player_accounts').execute();
  for (const column of ['player_hint_zh', 'player_hint_en', 'player_hint_image', 'topup_multiple'])
    await db.schema.alterTable('goods').dropColumn(column).execute();
  await db.schema.alterTable('order_items').dropColumn('player_nickname').execute();
  await db.schema.alterTable('cart_items').dropColumn('player_nickname').execute();
}

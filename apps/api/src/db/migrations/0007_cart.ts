import { type Kysely, sql } from 'kysely';
import { columns } from './helpers.ts';

// The cart (issue 5): one row per line. `line_key` is the matching rule of SPEC §4
// (@shop/domain/cart), unique per user, so concurrent adds of the same item merge into one line
// instead of making two. Buy-now lines have their own keys and are not shown in the cart.
export async function up(db: Kysely<any>): Promise<void> {
  const { id, ref } = columns(db);
  await id(db.schema.createTable('cart_items'))
    .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
    .addColumn('goods_id', ref, (c) => c.notNull().references('goods.id'))
    .addColumn('goods_sku_id', ref, (c) => c.references('goods_skus.id'))
    .addColumn('face_value', 'integer')
    .addColumn('player_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('server_id', ref, (c) => c.references('game_servers.id'))
    .addColumn('num', 'integer', (c) => c.notNull().check(sql`num >= 1 and num <= 99`))
    .addColumn('is_buy_now', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('line_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('cart_items_line', ['user_id', 'line_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cart_items').execute();
}

import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect.ts';

// Issue 16, decision 054: how many goods on sale each category has, kept by triggers, so a category
// page's `total` is one row instead of a count over the category's index range (0.80 of 1.65 ms for
// 29,940 goods at 100,000 goods on SQLite).
//
// - `direct`: goods on sale whose category_id is the category (a subcategory page sums these over
//   its subtree);
// - `under`: goods on sale whose top_category_id is the category (a top-level page, 0025).
//
// Every writer of goods (admin service, seeds, the scale seed's bulk insert, a category moved by an
// operator through 0025's trigger) goes through the triggers: an insert adds the row's share, a
// delete takes it away, an update of on_sale, category_id or top_category_id takes the old share
// away and adds the new one (an id of null has no row, so it counts nowhere). A category gets its
// row when it is created and loses it with the category.

const COUNTS = 'category_goods_counts';

/** The statements that add (`sign` 1) or take away (-1) the share of goods row `row` (new or old). */
function share(row: 'new' | 'old', sign: 1 | -1) {
  const op = sign === 1 ? sql.raw('+ 1') : sql.raw('- 1');
  const r = sql.raw(row);
  return sql`update ${sql.table(COUNTS)} set direct = direct ${op} where ${r}.on_sale = 1 and category_id = ${r}.category_id;
    update ${sql.table(COUNTS)} set under = under ${op} where ${r}.on_sale = 1 and category_id = ${r}.top_category_id;`;
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = engineOf(db) === 'postgres';
  await db.schema
    .createTable(COUNTS)
    .addColumn('category_id', pg ? 'bigint' : 'integer', (c) =>
      c.primaryKey().references('categories.id').onDelete('cascade'),
    )
    .addColumn('direct', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('under', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into ${sql.table(COUNTS)} (category_id, direct, under)
    select c.id,
      (select count(*) from goods g where g.category_id = c.id and g.on_sale = 1),
      (select count(*) from goods g where g.top_category_id = c.id and g.on_sale = 1)
    from categories c`.execute(db);
  if (pg) {
    await sql`create function categories_goods_counts() returns trigger language plpgsql as $$
      begin
        insert into ${sql.table(COUNTS)} (category_id) values (new.id);
        return null;
      end $$`.execute(db);
    await sql`create trigger categories_goods_counts after insert on categories
      for each row execute function categories_goods_counts()`.execute(db);
    await sql`create function goods_category_counts() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then ${share('old', -1)} end if;
        if tg_op <> 'DELETE' then ${share('new', 1)} end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger goods_category_counts
      after insert or delete or update of on_sale, category_id, top_category_id on goods
      for each row execute function goods_category_counts()`.execute(db);
    return;
  }
  await sql`create trigger categories_goods_counts after insert on categories begin
    insert into ${sql.table(COUNTS)} (category_id) values (new.id); end`.execute(db);
  await sql`create trigger goods_category_counts_insert after insert on goods begin
    ${share('new', 1)} end`.execute(db);
  await sql`create trigger goods_category_counts_delete after delete on goods begin
    ${share('old', -1)} end`.execute(db);
  await sql`create trigger goods_category_counts_update
    after update of on_sale, category_id, top_category_id on goods begin
    ${share('old', -1)} ${share('new', 1)} end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql`drop trigger goods_category_counts on goods`.execute(db);
    await sql`drop function goods_category_counts()`.execute(db);
    await sql`drop trigger categories_goods_counts on categories`.execute(db);
    await sql`drop function categories_goods_counts()`.execute(db);
  } else {
    for (const name of [
      'goods_category_counts_update',
      'goods_category_counts_delete',
      'goods_category_counts_insert',
      'categories_goods_counts',
    ])
      await sql`drop trigger ${sql.ref(name)}`.execute(db);
  }
  await db.schema.dropTable(COUNTS).execute();
}

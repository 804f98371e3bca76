import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect.ts';

// Issue 16, decision 047: a top-level category's page (its own goods and its subcategories') read
// from one index range, like a subcategory's page since 0024. The buyers' tree is two levels deep
// (SPEC §2, catalog_parent_not_top), so goods.top_category_id, the goods' category or its parent,
// is what a top-level page filters on: at 100,000 goods its first and middle pages no longer sort
// every goods of the subtree. Triggers keep the column true for every writer of goods (admin
// service, seeds, the scale seed's bulk insert) and when an operator moves a category.
const INDEXES: [string, string[]][] = [
  ['goods_top_sort', ['top_category_id', 'on_sale', 'sort', 'id']],
  ['goods_top_sales', ['top_category_id', 'on_sale', 'sales desc', 'id']],
  ['goods_top_price', ['top_category_id', 'on_sale', 'min_price_cny', 'id']],
  ['goods_top_newest', ['top_category_id', 'on_sale', 'created_at', 'id']],
];

export async function up(db: Kysely<any>): Promise<void> {
  const pg = engineOf(db) === 'postgres';
  await db.schema
    .alterTable('goods')
    .addColumn('top_category_id', pg ? 'bigint' : 'integer')
    .execute();
  await sql`update goods set top_category_id =
    coalesce((select c.parent_id from categories c where c.id = goods.category_id), goods.category_id)`.execute(
    db,
  );
  if (pg) {
    await sql`create function goods_top_category() returns trigger language plpgsql as $$
      begin
        new.top_category_id := coalesce(
          (select c.parent_id from categories c where c.id = new.category_id), new.category_id);
        return new;
      end $$`.execute(db);
    await sql`create trigger goods_top_category before insert or update of category_id on goods
      for each row execute function goods_top_category()`.execute(db);
    await sql`create function categories_top_category() returns trigger language plpgsql as $$
      begin
        update goods set top_category_id = coalesce(new.parent_id, new.id) where category_id = new.id;
        return null;
      end $$`.execute(db);
    await sql`create trigger categories_top_category after update of parent_id on categories
      for each row execute function categories_top_category()`.execute(db);
  } else {
    const set = sql`update goods set top_category_id =
      coalesce((select c.parent_id from categories c where c.id = new.category_id), new.category_id)
      where id = new.id`;
    await sql`create trigger goods_top_category_insert after insert on goods begin ${set}; end`.execute(db);
    await sql`create trigger goods_top_category_update after update of category_id on goods begin ${set}; end`.execute(
      db,
    );
    await sql`create trigger categories_top_category after update of parent_id on categories begin
      update goods set top_category_id = coalesce(new.parent_id, new.id) where category_id = new.id; end`.execute(
      db,
    );
  }
  for (const [name, columns] of INDEXES)
    await db.schema
      .createIndex(name)
      .on('goods')
      .columns(columns as never)
      .execute();
  // The planner knows nothing of the new column until autovacuum gets to it: on a large catalog it
  // would sort a top-level page with a bitmap scan instead of walking its index.
  if (pg) await sql`analyze goods`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
  if (engineOf(db) === 'postgres') {
    await sql`drop trigger categories_top_category on categories`.execute(db);
    await sql`drop function categories_top_category()`.execute(db);
    await sql`drop trigger goods_top_category on goods`.execute(db);
    await sql`drop function goods_top_category()`.execute(db);
  } else {
    for (const name of ['categories_top_category', 'goods_top_category_update', 'goods_top_category_insert'])
      await sql`drop trigger ${sql.ref(name)}`.execute(db);
  }
  await db.schema.alterTable('goods').dropColumn('top_category_id').execute();
}

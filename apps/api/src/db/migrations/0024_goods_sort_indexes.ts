import type { Kysely } from 'kysely';

// Issue 16, decision 042: a category page at 100,000 goods reads the page's ids in its order from
// one index alone and stops at the page's end, instead of sorting every goods of the category (or,
// for the default order, fetching every skipped row: goods_category of 0002 lacked the id).
const INDEXES: [string, string[]][] = [
  ['goods_category_sort', ['category_id', 'on_sale', 'sort', 'id']],
  ['goods_category_sales', ['category_id', 'on_sale', 'sales desc', 'id']],
  ['goods_category_price', ['category_id', 'on_sale', 'min_price_cny', 'id']],
  ['goods_category_newest', ['category_id', 'on_sale', 'created_at', 'id']],
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('goods_category').execute();
  for (const [name, columns] of INDEXES)
    await db.schema
      .createIndex(name)
      .on('goods')
      .columns(columns as never)
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
  await db.schema
    .createIndex('goods_category')
    .on('goods')
    .columns(['category_id', 'on_sale', 'sort'])
    .execute();
}

import { type Kysely, sql } from 'kysely';
import { type Builder, columns } from './helpers.ts';

// The catalog and content of issue 3 (ARCHITECTURE.md §5): a category tree, goods with SKUs or face
// values, game servers, zones, articles, banners, home modules and regions. Every text in zh-CN and
// en; money in integer minor units (CNY, with an optional explicit USD price); stock null = unlimited.
export async function up(db: Kysely<any>): Promise<void> {
  const { id, ref, notNull, bilingual } = columns(db);

  await bilingual(id(db.schema.createTable('categories')), 'name')
    .addColumn('parent_id', ref, (c) => c.references('categories.id'))
    .addColumn('icon', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_show', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('categories_parent').on('categories').columns(['parent_id', 'sort']).execute();

  let goods = id(db.schema.createTable('goods')).addColumn('category_id', ref, (c) =>
    c.notNull().references('categories.id'),
  );
  goods = bilingual(goods, 'name');
  goods = bilingual(goods, 'subtitle', 'varchar(300)');
  goods = bilingual(goods, 'description', 'text');
  goods = bilingual(goods, 'instructions', 'text');
  await goods
    .addColumn('image', 'varchar(300)', notNull)
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('spec_type', 'smallint', (c) => c.notNull().check(sql`spec_type in (1, 2)`))
    .addColumn('recharge_type', 'smallint', (c) => c.notNull().check(sql`recharge_type in (1, 2, 3)`))
    .addColumn('on_sale', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sales', 'integer', (c) => c.notNull().defaultTo(0))
    // Lowest CNY price of the goods' options, kept by the service for sorting by price.
    .addColumn('min_price_cny', 'bigint', (c) => c.notNull().defaultTo(0))
    // Lower-cased names, subtitles and category names in both languages, for keyword search.
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createIndex('goods_category')
    .on('goods')
    .columns(['category_id', 'on_sale', 'sort'])
    .execute();
  await db.schema.createIndex('goods_on_sale_sales').on('goods').columns(['on_sale', 'sales']).execute();

  const money = (t: Builder) =>
    t
      .addColumn('price_cny', 'bigint', (c) => c.notNull().check(sql`price_cny >= 0`))
      .addColumn('price_usd', 'bigint', (c) => c.check(sql`price_usd is null or price_usd >= 0`))
      .addColumn('original_cny', 'bigint')
      .addColumn('stock', 'integer', (c) => c.check(sql`stock is null or stock >= 0`))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('on_sale', 'smallint', (c) => c.notNull().defaultTo(1));

  await money(
    bilingual(
      id(db.schema.createTable('goods_skus')).addColumn('goods_id', ref, (c) =>
        c.notNull().references('goods.id'),
      ),
      'spec',
    ),
  ).execute();
  await db.schema.createIndex('goods_skus_goods').on('goods_skus').columns(['goods_id', 'sort']).execute();

  await money(
    bilingual(
      id(db.schema.createTable('goods_face_values'))
        .addColumn('goods_id', ref, (c) => c.notNull().references('goods.id'))
        .addColumn('face_value', 'integer', (c) => c.notNull().check(sql`face_value > 0`)),
      'label',
    ),
  )
    .addUniqueConstraint('goods_face_values_unique', ['goods_id', 'face_value'])
    .execute();

  await bilingual(
    id(db.schema.createTable('game_servers')).addColumn('goods_id', ref, (c) =>
      c.notNull().references('goods.id'),
    ),
    'name',
  )
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('game_servers_goods')
    .on('game_servers')
    .columns(['goods_id', 'sort'])
    .execute();

  let zones = bilingual(id(db.schema.createTable('zones')), 'name');
  zones = bilingual(zones, 'subtitle', 'varchar(300)');
  await zones
    .addColumn('banner', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_show', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', notNull)
    .execute();
  await db.schema
    .createTable('zone_goods')
    .addColumn('zone_id', ref, (c) => c.notNull().references('zones.id'))
    .addColumn('goods_id', ref, (c) => c.notNull().references('goods.id'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('zone_goods_pk', ['zone_id', 'goods_id'])
    .execute();

  let articles = id(db.schema.createTable('articles')).addColumn('type', 'varchar(16)', (c) =>
    c.notNull().check(sql`type in ('help', 'news')`),
  );
  articles = bilingual(articles, 'title');
  articles = bilingual(articles, 'summary', 'varchar(500)');
  articles = bilingual(articles, 'content', 'text');
  await articles
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_show', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute();
  await db.schema.createIndex('articles_list').on('articles').columns(['is_show', 'type', 'sort']).execute();

  let swipers = id(db.schema.createTable('swipers')).addColumn('position', 'varchar(32)', (c) =>
    c.notNull().defaultTo('home'),
  );
  swipers = bilingual(swipers, 'title');
  swipers = bilingual(swipers, 'subtitle', 'varchar(300)');
  await swipers
    .addColumn('image', 'varchar(300)', notNull)
    .addColumn('link', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_show', 'smallint', (c) => c.notNull().defaultTo(1))
    .execute();

  let modules = id(db.schema.createTable('custom_modules')).addColumn('position', 'varchar(32)', (c) =>
    c.notNull().defaultTo('home'),
  );
  modules = bilingual(modules, 'title');
  modules = bilingual(modules, 'subtitle', 'varchar(300)');
  await modules
    .addColumn('style', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('grid')
        .check(sql`style in ('grid', 'row')`),
    )
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_show', 'smallint', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('custom_module_goods')
    .addColumn('module_id', ref, (c) => c.notNull().references('custom_modules.id'))
    .addColumn('goods_id', ref, (c) => c.notNull().references('goods.id'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('custom_module_goods_pk', ['module_id', 'goods_id'])
    .execute();

  await bilingual(id(db.schema.createTable('regions')), 'name')
    .addColumn('parent_id', ref, (c) => c.references('regions.id'))
    .addColumn('level', 'smallint', (c) => c.notNull().check(sql`level in (1, 2, 3)`))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('regions_parent').on('regions').columns(['parent_id', 'sort']).execute();

  // CNY → USD rate in the operator's settings (decimal string; converted exactly, domain/money.ts).
  await db
    .insertInto('settings')
    .values({ key: 'exchange_rate_usd', value: '0.138', updated_at: Date.now() })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'regions',
    'custom_module_goods',
    'custom_modules',
    'swipers',
    'articles',
    'zone_goods',
    'zones',
    'game_servers',
    'goods_face_values',
    'goods_skus',
    'goods',
    'categories',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.deleteFrom('settings').where('key', '=', 'exchange_rate_usd').execute();
}

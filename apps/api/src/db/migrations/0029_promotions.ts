import { type Kysely, sql } from 'kysely';
import { columns } from './helpers.ts';

// Issue 31 (decisions 069–070): promotions and prices. Every money column is integer minor units;
// times are epoch milliseconds (decision 003).
// - price_tiers: a unit price from a quantity on ("10+ at ¥5.40 each"), per option (`option_key`:
//   `s<sku>` or `g<goods>:f<face value>`, as card keys name options);
// - member_levels and their per-option prices; users carry their level and lifetime spend;
// - coupons (public codes and single-use batch codes), their batches and their redemptions: one
//   redemption per order (unique), `used_count` never above `total_uses` (CHECK, raised only by a
//   conditional update), so a code's last use goes to exactly one order;
// - orders and their items keep the list price and each discount, frozen like the prices.
// Orders made before had no discount: their list amounts are their amounts.

export async function up(db: Kysely<any>): Promise<void> {
  const { id, ref } = columns(db);
  const money = (name: string) => (c: any) =>
    c
      .notNull()
      .defaultTo(0)
      .check(sql`${sql.ref(name)} >= 0`);

  await id(db.schema.createTable('price_tiers'))
    .addColumn('goods_id', ref, (c) => c.notNull().references('goods.id'))
    .addColumn('option_key', 'varchar(40)', (c) => c.notNull())
    .addColumn('min_num', 'integer', (c) => c.notNull().check(sql`min_num >= 2`))
    .addColumn('price_cny', 'bigint', (c) => c.notNull().check(sql`price_cny >= 0`))
    .addColumn('price_usd', 'bigint', (c) => c.check(sql`price_usd >= 0`))
    .addUniqueConstraint('price_tiers_option_min', ['option_key', 'min_num'])
    .execute();
  await db.schema.createIndex('price_tiers_goods').on('price_tiers').column('goods_id').execute();

  await id(db.schema.createTable('member_levels'))
    .addColumn('name_zh', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(100)', (c) => c.notNull())
    .addColumn('threshold_cny', 'bigint', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`threshold_cny >= 0`),
    )
    .addColumn('discount_bp', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`discount_bp >= 0 and discount_bp < 10000`),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('member_level_prices'))
    .addColumn('level_id', ref, (c) => c.notNull().references('member_levels.id').onDelete('cascade'))
    .addColumn('goods_id', ref, (c) => c.notNull().references('goods.id'))
    .addColumn('option_key', 'varchar(40)', (c) => c.notNull())
    .addColumn('price_cny', 'bigint', (c) => c.notNull().check(sql`price_cny >= 0`))
    .addColumn('price_usd', 'bigint', (c) => c.check(sql`price_usd >= 0`))
    .addUniqueConstraint('member_level_prices_level_option', ['level_id', 'option_key'])
    .execute();
  await db.schema
    .createIndex('member_level_prices_goods')
    .on('member_level_prices')
    .column('goods_id')
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('level_id', ref, (c) => c.references('member_levels.id'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('lifetime_spend_cny', 'bigint', money('lifetime_spend_cny'))
    .execute();

  await id(db.schema.createTable('coupon_batches'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('prefix', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('count', 'integer', (c) => c.notNull().check(sql`count >= 1`))
    .addColumn('generated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(12)', (c) =>
      c
        .notNull()
        .defaultTo('generating')
        .check(sql`status in ('generating', 'done', 'failed')`),
    )
    .addColumn('terms', 'text', (c) => c.notNull())
    .addColumn('created_by', ref)
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('coupons'))
    // As the operator wrote it (upper case) and as it is looked up: lookalikes folded (O→0, I/L→1).
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addColumn('code_key', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('batch_id', ref, (c) => c.references('coupon_batches.id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('fixed', 'percent')`))
    .addColumn('amount_cny', 'bigint', (c) => c.check(sql`amount_cny > 0`))
    .addColumn('amount_usd', 'bigint', (c) => c.check(sql`amount_usd > 0`))
    .addColumn('percent_bp', 'integer', (c) => c.check(sql`percent_bp > 0 and percent_bp <= 10000`))
    .addColumn('cap_cny', 'bigint', (c) => c.check(sql`cap_cny > 0`))
    .addColumn('min_spend_cny', 'bigint', money('min_spend_cny'))
    .addColumn('starts_at', 'bigint')
    .addColumn('ends_at', 'bigint')
    .addColumn('total_uses', 'integer', (c) => c.check(sql`total_uses >= 1`))
    .addColumn('used_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`used_count >= 0`),
    )
    .addColumn('per_user', 'integer', (c) => c.check(sql`per_user >= 1`))
    .addColumn('scope', 'varchar(12)', (c) =>
      c
        .notNull()
        .defaultTo('all')
        .check(sql`scope in ('all', 'categories', 'goods', 'options')`),
    )
    /** JSON array: category or goods ids, or option keys. */
    .addColumn('scope_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('first_order_only', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('disabled', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('coupons_uses_within_limit', sql`total_uses is null or used_count <= total_uses`)
    .addCheckConstraint(
      'coupons_kind_terms',
      sql`(kind = 'fixed' and amount_cny is not null and percent_bp is null) or (kind = 'percent' and percent_bp is not null and amount_cny is null)`,
    )
    .execute();
  await db.schema.createIndex('coupons_batch').on('coupons').column('batch_id').execute();

  await id(db.schema.createTable('coupon_redemptions'))
    .addColumn('coupon_id', ref, (c) => c.notNull().references('coupons.id'))
    .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
    .addColumn('order_id', ref, (c) => c.notNull().unique().references('orders.id'))
    // held: by an unpaid order; used: paid; released: the order was cancelled or timed out;
    // returned: the order was refunded in full and the operator gave the use back.
    .addColumn('status', 'varchar(10)', (c) =>
      c.notNull().check(sql`status in ('held', 'used', 'released', 'returned')`),
    )
    /** The code's discount in the order's currency, and its CNY value when the order was made. */
    .addColumn('discount_amount', 'bigint', money('discount_amount'))
    .addColumn('discount_cny', 'bigint', money('discount_cny'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('coupon_redemptions_coupon')
    .on('coupon_redemptions')
    .columns(['coupon_id', 'status'])
    .execute();
  await db.schema
    .createIndex('coupon_redemptions_user')
    .on('coupon_redemptions')
    .columns(['user_id', 'coupon_id'])
    .execute();

  for (const column of ['list_amount', 'tier_discount', 'level_discount', 'coupon_discount'])
    await db.schema.alterTable('orders').addColumn(column, 'bigint', money(column)).execute();
  await db.schema.alterTable('orders').addColumn('coupon_code', 'varchar(32)').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('level_id', ref, (c) => c.references('member_levels.id'))
    .execute();
  await db
    .updateTable('orders')
    .set({ list_amount: sql`total_amount` })
    .execute();

  for (const column of ['list_unit_price', 'tier_discount', 'level_discount', 'coupon_discount'])
    await db.schema.alterTable('order_items').addColumn(column, 'bigint', money(column)).execute();
  await db
    .updateTable('order_items')
    .set({ list_unit_price: sql`unit_price` })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['list_unit_price', 'tier_discount', 'level_discount', 'coupon_discount'])
    await db.schema.alterTable('order_items').dropColumn(column).execute();
  for (const column of [
    'list_amount',
    'tier_discount',
    'level_discount',
    'coupon_discount',
    'coupon_code',
    'level_id',
  ])
    await db.schema.alterTable('orders').dropColumn(column).execute();
  for (const table of ['coupon_redemptions', 'coupons', 'coupon_batches'])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('users').dropColumn('lifetime_spend_cny').execute();
  await db.schema.alterTable('users').dropColumn('level_id').execute();
  for (const table of ['member_level_prices', 'member_levels', 'price_tiers'])
    await db.schema.dropTable(table).execute();
}

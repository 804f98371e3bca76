import { type Kysely, sql } from 'kysely';

// Issue 12 (decision 031): every price adds up. A USD order is charged round(total ÷ rate) CNY,
// no longer the sum of the items' catalog CNY prices, so what refunding an item gives back is
// stored per item: its share of the charged CNY (largest remainder; the shares sum to
// orders.total_cny). Orders made before were charged exactly Σ unit_price_cny × num, so each
// item's share is that.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('order_items')
    .addColumn('charged_cny', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`charged_cny >= 0`),
    )
    .execute();
  await db
    .updateTable('order_items')
    .set({ charged_cny: sql`unit_price_cny * num` })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_items').dropColumn('charged_cny').execute();
}

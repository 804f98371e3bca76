import { type Kysely, sql } from 'kysely';

// Issue 12 (decision 034): one page for all of a buyer's card keys.
// - Each listed key says whether it was revealed (an EXISTS on card_key_reveals per key) and the
//   export finds the revealed ones: an index on card_key_id keeps both a lookup, not a table scan.
// - A reveal now comes one key at a time, for a whole order at once, or through the CSV export;
//   `via` records which, so an operator reading the reveals of a disputed key sees how it was shown.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('card_key_reveals')
    .addColumn('via', 'varchar(8)', (c) =>
      c
        .notNull()
        .defaultTo('key')
        .check(sql`via in ('key', 'order', 'export')`),
    )
    .execute();
  await db.schema
    .createIndex('card_key_reveals_key')
    .on('card_key_reveals')
    .columns(['card_key_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('card_key_reveals_key').execute();
  await db.schema.alterTable('card_key_reveals').dropColumn('via').execute();
}

import type { Kysely } from 'kysely';

// Issue 12 (decision 032): why a top-up failed, as one of the shop's codes (packages/domain
// delivery-reason.ts), mapped by the supplier adapter from the supplier's own answer. The buyer
// reads it in their language; `note` keeps the supplier's own words as the detail. Null for every
// delivery that did not fail at the supplier (an operator's refund explains itself in `note`).
// No check constraint: SQLite cannot add one to an existing table; the code is written only from
// the typed adapter answer.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('deliveries').addColumn('reason_code', 'varchar(30)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('deliveries').dropColumn('reason_code').execute();
}

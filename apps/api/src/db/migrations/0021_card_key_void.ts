import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect.ts';
import { columns } from './helpers.ts';

// Issue 14: card keys from the console.
// - `void`: an operator takes an unsold, unreserved key out of stock for good (a leaked or wrong
//   key). Like an available key it holds no order item; `voided_at` says when. The status CHECK
//   and the owner CHECK of 0011 name the new state. PostgreSQL alters the constraints; SQLite
//   cannot, so there the table is rebuilt (SQLite's documented procedure, "Making Other Kinds Of
//   Table Schema Changes"): with foreign keys off, since card_key_reveals references card_keys and
//   dropping a parent table counts every child row as a violation (also under defer_foreign_keys,
//   whose counter a rename never lowers), inside one transaction that checks every foreign key
//   before it commits.
// - card_key_import_batches: the console imports a file in batches, each request carrying a client
//   made import id and its batch number; the unique (import_id, batch) makes a re-sent batch find
//   the first answer instead of importing again, even when both arrive at once.
// - card_keys_goods: the console lists a goods' keys (all options) by status, newest first.

const STATUSES_WITH_VOID = `'available', 'reserved', 'sold', 'void'`;
const STATUSES_BEFORE = `'available', 'reserved', 'sold'`;
const OWNER_WITH_VOID = `(status in ('available', 'void')) = (order_item_id is null)`;
const OWNER_BEFORE = `(status = 'available') = (order_item_id is null)`;

export async function up(db: Kysely<any>): Promise<void> {
  const { id, ref } = columns(db);
  if (engineOf(db) === 'postgres') {
    await db.schema.alterTable('card_keys').addColumn('voided_at', 'bigint').execute();
    await replaceChecks(db, STATUSES_WITH_VOID, OWNER_WITH_VOID);
  } else {
    await rebuildSqlite(db, { voided: true });
  }
  await db.schema
    .createIndex('card_keys_goods')
    .on('card_keys')
    .columns(['goods_id', 'status', 'id'])
    .execute();

  await id(db.schema.createTable('card_key_import_batches'))
    .addColumn('import_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('batch', 'integer', (c) => c.notNull())
    .addColumn('goods_id', ref, (c) => c.notNull().references('goods.id'))
    .addColumn('option_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('operator_id', ref, (c) => c.references('operators.id'))
    .addColumn('actor', 'varchar(254)', (c) => c.notNull())
    // The batch's report as first answered (JSON); '' while the importing transaction runs.
    .addColumn('report', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('card_key_import_batches_once', ['import_id', 'batch'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('card_key_import_batches').execute();
  await db.schema.dropIndex('card_keys_goods').execute();
  // Voided keys cannot be stored under the old checks: they go back to nothing (they were out of
  // stock already, so no stock count changes).
  await db.deleteFrom('card_keys').where('status', '=', 'void').execute();
  if (engineOf(db) === 'postgres') {
    await replaceChecks(db, STATUSES_BEFORE, OWNER_BEFORE);
    await db.schema.alterTable('card_keys').dropColumn('voided_at').execute();
  } else {
    await rebuildSqlite(db, { voided: false });
  }
}

async function replaceChecks(db: Kysely<any>, statuses: string, owner: string) {
  // 0011 declared the status check on the column: PostgreSQL named it <table>_<column>_check.
  await sql`alter table card_keys drop constraint card_keys_status_check`.execute(db);
  await sql
    .raw(`alter table card_keys add constraint card_keys_status_check check (status in (${statuses}))`)
    .execute(db);
  await sql`alter table card_keys drop constraint card_keys_owner`.execute(db);
  await sql.raw(`alter table card_keys add constraint card_keys_owner check (${owner})`).execute(db);
}

/** SQLite: card_keys again with the checks of `voided` (and its column), rows and ids kept. */
async function rebuildSqlite(db: Kysely<any>, { voided }: { voided: boolean }) {
  const { id, ref } = columns(db);
  // A no-op inside a transaction: the migrator runs SQLite migrations outside one (no transactional
  // DDL there), so this takes effect; checked, so a change to that fails loudly, not silently.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
    if (Number(rows[0]?.foreign_keys) !== 0) throw new Error('0021: foreign keys could not be turned off');
    await db.transaction().execute(async (trx) => {
      let table = id(trx.schema.createTable('card_keys_next'))
        .addColumn('goods_id', ref, (c) => c.notNull().references('goods.id'))
        .addColumn('goods_sku_id', ref, (c) => c.references('goods_skus.id'))
        .addColumn('face_value', 'integer')
        .addColumn('option_key', 'varchar(64)', (c) => c.notNull())
        .addColumn('secret_enc', 'text', (c) => c.notNull())
        .addColumn('secret_hash', 'char(64)', (c) => c.notNull())
        .addColumn('status', 'varchar(10)', (c) =>
          c.notNull().check(sql.raw(`status in (${voided ? STATUSES_WITH_VOID : STATUSES_BEFORE})`)),
        )
        .addColumn('order_item_id', ref, (c) => c.references('order_items.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('reserved_at', 'bigint')
        .addColumn('sold_at', 'bigint');
      if (voided) table = table.addColumn('voided_at', 'bigint');
      await table
        .addUniqueConstraint('card_keys_once', ['option_key', 'secret_hash'])
        .addCheckConstraint('card_keys_owner', sql.raw(voided ? OWNER_WITH_VOID : OWNER_BEFORE))
        .execute();
      const copied = [
        'id',
        'goods_id',
        'goods_sku_id',
        'face_value',
        'option_key',
        'secret_enc',
        'secret_hash',
        'status',
        'order_item_id',
        'created_at',
        'reserved_at',
        'sold_at',
      ].join(', ');
      await sql
        .raw(`insert into card_keys_next (${copied}) select ${copied} from card_keys order by id`)
        .execute(trx);
      // AUTOINCREMENT never reuses an id, not even of a deleted key: the new table goes on from
      // where the old one was.
      const { rows: seq } = await sql<{ seq: number }>`
        select seq from sqlite_sequence where name = 'card_keys'`.execute(trx);
      await trx.schema.dropTable('card_keys').execute();
      await trx.schema.alterTable('card_keys_next').renameTo('card_keys').execute();
      if (seq[0])
        await sql`update sqlite_sequence set seq = max(seq, ${seq[0].seq}) where name = 'card_keys'`.execute(
          trx,
        );
      await trx.schema
        .createIndex('card_keys_pick')
        .on('card_keys')
        .columns(['option_key', 'status', 'id'])
        .execute();
      await trx.schema.createIndex('card_keys_item').on('card_keys').column('order_item_id').execute();
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0)
        throw new Error(`0021: foreign keys broken by the rebuild: ${JSON.stringify(broken.rows)}`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

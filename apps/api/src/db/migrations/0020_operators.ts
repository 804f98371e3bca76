import { type Kysely, sql } from 'kysely';
import { engineOf } from '../dialect.ts';
import { columns } from './helpers.ts';

// Issue 14 (decision 039): the operator console.
// - operators: their own accounts, never buyers (ARCHITECTURE.md §8). `permissions` is a JSON array
//   of the staff member's permissions (an owner holds all). The TOTP secret is sealed with the
//   shop's secret key like card keys; recovery codes are stored as SHA-256 hashes, each used once.
// - operator_tokens: like user_tokens, hashed, revocable.
// - audit_log: append-only. Both engines refuse UPDATE and DELETE on it with a trigger, so not even
//   a bug in the shop can rewrite what an operator did.
// - goods.stock_alert: the stock level under which the console flags a card-key option (0 = never).
export async function up(db: Kysely<any>): Promise<void> {
  const { id, ref } = columns(db);
  const pg = engineOf(db) === 'postgres';

  await id(db.schema.createTable('operators'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('role', 'varchar(8)', (c) => c.notNull().check(sql`role in ('owner', 'staff')`))
    .addColumn('permissions', 'varchar(200)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('totp_secret', 'varchar(200)')
    .addColumn('totp_pending', 'varchar(200)')
    .addColumn('recovery_codes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('last_login_at', 'bigint')
    .execute();

  await id(db.schema.createTable('operator_tokens'))
    .addColumn('operator_id', ref, (c) => c.notNull().references('operators.id'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('operator_tokens_operator')
    .on('operator_tokens')
    .column('operator_id')
    .execute();

  await id(db.schema.createTable('audit_log'))
    .addColumn('operator_id', ref)
    .addColumn('actor', 'varchar(254)', (c) => c.notNull())
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('object_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('request_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_object')
    .on('audit_log')
    .columns(['object_type', 'object_id', 'id'])
    .execute();
  await db.schema.createIndex('audit_log_operator').on('audit_log').columns(['operator_id', 'id']).execute();
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute();

  if (pg) {
    await sql`CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$`.execute(db);
    await sql`CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
  } else {
    for (const verb of ['UPDATE', 'DELETE'])
      await sql
        .raw(
          `CREATE TRIGGER audit_log_no_${verb.toLowerCase()} BEFORE ${verb} ON audit_log
           BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`,
        )
        .execute(db);
  }

  await db.schema
    .alterTable('goods')
    .addColumn('stock_alert', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('goods').dropColumn('stock_alert').execute();
  await db.schema.dropTable('audit_log').execute();
  if (engineOf(db) === 'postgres') await sql`DROP FUNCTION IF EXISTS audit_log_append_only()`.execute(db);
  await db.schema.dropTable('operator_tokens').execute();
  await db.schema.dropTable('operators').execute();
}

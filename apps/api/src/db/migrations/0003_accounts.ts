import { type Kysely, sql } from 'kysely';
import { columns } from './helpers.ts';

// Accounts (issue 4): users with an argon2id password hash and a CNY balance that the database keeps
// non-negative (ARCHITECTURE.md §5), and login tokens stored only as SHA-256 hashes.
export async function up(db: Kysely<any>): Promise<void> {
  const { id, ref } = columns(db);
  await id(db.schema.createTable('users'))
    .addColumn('email', 'varchar(254)', (c) => c.unique())
    .addColumn('phone', 'varchar(20)', (c) => c.unique())
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('sex', 'smallint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`sex in (0, 1, 2)`),
    )
    .addColumn('birthday', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('id_card_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_real', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_usable', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('openid', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('balance', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`balance >= 0`),
    )
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addCheckConstraint('users_has_account', sql`email is not null or phone is not null`)
    .execute();

  await id(db.schema.createTable('user_tokens'))
    .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('user_tokens_user')
    .on('user_tokens')
    .columns(['user_id', 'revoked_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_tokens').execute();
  await db.schema.dropTable('users').execute();
}

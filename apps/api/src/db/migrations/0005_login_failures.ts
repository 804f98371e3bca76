import type { Kysely } from 'kysely';

// Failed logins are counted per account string, known or not, so that asking for a captcha after
// three failures does not reveal which accounts exist (issue 4). Replaces users.failed_logins.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_failures')
    .addColumn('account', 'varchar(254)', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('users').dropColumn('failed_logins').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.dropTable('login_failures').execute();
}

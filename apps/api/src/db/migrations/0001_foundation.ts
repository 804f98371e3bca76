import type { Kysely } from 'kysely';
import { engineOf } from '../dialect.ts';

// Settings (site config of SPEC §3) and footer links. Defaults are part of the schema, not demo data,
// so a production database starts with a working config.
/** The settings a fresh database starts with, as modules/site/site.defaults.ts had them when this
 * migration was frozen (issue 30: migrations import no module code). */
const DEFAULT_SETTINGS = {
  new_logo_url: '/logo.svg',
  copyright: '',
  icp: '',
  customer_qrcode: '',
  work_time: '',
  sms: 0,
  game_website_url: '',
  balance_alipay_switch: 1,
  balance_wechat_switch: 1,
  order_alipay_switch: 1,
  order_balance_switch: 1,
  order_wechat_switch: 1,
};

export async function up(db: Kysely<any>): Promise<void> {
  const pg = engineOf(db) === 'postgres';
  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('links')
    .addColumn('id', pg ? 'bigserial' : 'integer', (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('name_zh', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(100)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_show', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('links_show_sort').on('links').columns(['is_show', 'sort']).execute();

  const now = Date.now();
  await db
    .insertInto('settings')
    .values(
      Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({
        key,
        value: String(value),
        updated_at: now,
      })),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('links').execute();
  await db.schema.dropTable('settings').execute();
}

import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as m0001 from './migrations/0001_foundation.ts';
import * as m0002 from './migrations/0002_catalog.ts';
import * as m0003 from './migrations/0003_accounts.ts';
import * as m0004 from './migrations/0004_verification.ts';
import * as m0005 from './migrations/0005_login_failures.ts';
import * as m0006 from './migrations/0006_outbox_delivery.ts';
import * as m0007 from './migrations/0007_cart.ts';
import * as m0008 from './migrations/0008_orders_wallet.ts';
import * as m0009 from './migrations/0009_payments.ts';
import * as m0010 from './migrations/0010_support.ts';
import * as m0011 from './migrations/0011_card_keys.ts';
import * as m0012 from './migrations/0012_jobs_deliveries.ts';
import * as m0013 from './migrations/0013_money_guards.ts';
import * as m0014 from './migrations/0014_retention_indexes.ts';
import * as m0015 from './migrations/0015_player_check.ts';
import * as m0016 from './migrations/0016_addresses.ts';
import * as m0017 from './migrations/0017_card_key_reveals.ts';
import * as m0018 from './migrations/0018_order_item_shares.ts';
import * as m0019 from './migrations/0019_delivery_reason_codes.ts';
import * as m0020 from './migrations/0020_operators.ts';
import * as m0021 from './migrations/0021_card_key_void.ts';
import * as m0022 from './migrations/0022_console_orders.ts';
import * as m0023 from './migrations/0023_goods_search.ts';
import * as m0024 from './migrations/0024_goods_sort_indexes.ts';
import * as m0025 from './migrations/0025_goods_top_category.ts';
import * as m0026 from './migrations/0026_search_words.ts';
import * as m0027 from './migrations/0027_category_goods_counts.ts';
import * as m0028 from './migrations/0028_totp_last_step.ts';
import * as m0029 from './migrations/0029_promotions.ts';
import * as m0030 from './migrations/0030_alerts.ts';
import * as m0031 from './migrations/0031_exports.ts';
import * as m0032 from './migrations/0032_prefix_search.ts';
import * as m0033 from './migrations/0033_channels.ts';

// Migrations are listed here rather than read from disk, so they work the same under tsx,
// vitest and any bundler. Add each new file in order.
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_catalog': m0002,
  '0003_accounts': m0003,
  '0004_verification': m0004,
  '0005_login_failures': m0005,
  '0006_outbox_delivery': m0006,
  '0007_cart': m0007,
  '0008_orders_wallet': m0008,
  '0009_payments': m0009,
  '0010_support': m0010,
  '0011_card_keys': m0011,
  '0012_jobs_deliveries': m0012,
  '0013_money_guards': m0013,
  '0014_retention_indexes': m0014,
  '0015_player_check': m0015,
  '0016_addresses': m0016,
  '0017_card_key_reveals': m0017,
  '0018_order_item_shares': m0018,
  '0019_delivery_reason_codes': m0019,
  '0020_operators': m0020,
  '0021_card_key_void': m0021,
  '0022_console_orders': m0022,
  '0023_goods_search': m0023,
  '0024_goods_sort_indexes': m0024,
  '0025_goods_top_category': m0025,
  '0026_search_words': m0026,
  '0027_category_goods_counts': m0027,
  '0028_totp_last_step': m0028,
  '0029_promotions': m0029,
  '0030_alerts': m0030,
  '0031_exports': m0031,
  '0032_prefix_search': m0032,
  '0033_channels': m0033,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; on PostgreSQL Kysely's lock makes concurrent starts safe. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

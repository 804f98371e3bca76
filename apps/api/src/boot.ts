import type { Config } from './config.ts';
import { migrateToLatest } from './db/migrate.ts';
import { type DatabaseHandle, openDatabase } from './db/dialect.ts';
import { seedDemo } from './seed/seed-demo.ts';
import { listen } from './events.ts';
import { cardCipherFor } from './modules/fulfilment/card-cipher.ts';
import { endOrder, markOrderPaidOnline } from './modules/order/order.service.ts';
import { recordDeliveryRefund } from './modules/payment/refund.service.ts';

/**
 * The listeners of the module events (decision 036), for every process that opens the shop's
 * database (server, tests, operators' commands): order ends and pays its orders when fulfilment
 * and payment say so, in their transactions.
 */
export function listenToModuleEvents(): void {
  listen('deliveriesEnded', endOrder);
  listen('orderPaymentClaimed', markOrderPaidOnline);
  listen('deliveryRefunded', recordDeliveryRefund);
}

/** Opens the configured database, brings its schema up to date and seeds the demo on an empty one. */
export async function prepareDatabase(
  config: Config,
  overrides: { sqliteFile?: string } = {},
): Promise<DatabaseHandle & { migrated: string[]; seeded: boolean }> {
  listenToModuleEvents();
  const handle = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.dbPoolMax,
    ...overrides,
  });
  try {
    const migrated = await migrateToLatest(handle.db);
    const seeded = config.seedDemo ? await seedDemo(handle.db, cardCipherFor(config)) : false;
    return { ...handle, migrated, seeded };
  } catch (err) {
    await handle.destroy();
    throw err;
  }
}

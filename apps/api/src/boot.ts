import type { Config } from './config.ts';
import { migrateToLatest } from './db/migrate.ts';
import { type DatabaseHandle, openDatabase } from './db/dialect.ts';
import { seedDemo } from './db/seed/seed-demo.ts';
import { cardCipherFor } from './modules/fulfilment/card-cipher.ts';

/** Opens the configured database, brings its schema up to date and seeds the demo on an empty one. */
export async function prepareDatabase(
  config: Config,
  overrides: { sqliteFile?: string } = {},
): Promise<DatabaseHandle & { migrated: string[]; seeded: boolean }> {
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

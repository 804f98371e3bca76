import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../../test/helpers.ts';
import { migrations, migrateToLatest } from './migrate.ts';
import { type DatabaseHandle, openDatabase } from './dialect.ts';
import { seedDemo } from '../seed/seed-demo.ts';
import { createCardCipher } from '../modules/fulfilment/card-cipher.ts';

describe.each(testEngines())('migrations (%s)', (engine) => {
  let target: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    target = await createTestDatabase(engine);
    handle = openDatabase({
      databaseUrl: target.url,
      dataDir: '/tmp',
      ...(target.sqliteFile ? { sqliteFile: target.sqliteFile } : {}),
    });
  });
  afterAll(async () => {
    await handle.destroy();
    await target.drop();
  });

  it('runs on an empty database, then is a no-op, even when started concurrently', async () => {
    expect(handle.engine).toBe(engine);
    const [a, b] = await Promise.all([migrateToLatest(handle.db), migrateToLatest(handle.db)]);
    expect([...a, ...b].sort()).toEqual(Object.keys(migrations).sort());
    expect(Object.keys(migrations)).toContain('0002_catalog');
    expect(await migrateToLatest(handle.db)).toEqual([]);
  });

  it('stores money-sized integers exactly and reads them back as numbers', async () => {
    const big = 9_007_199_254_740_000; // beyond 2^31, below 2^53
    await handle.db.insertInto('settings').values({ key: 'probe', value: 'x', updated_at: big }).execute();
    const row = await handle.db
      .selectFrom('settings')
      .select('updated_at')
      .where('key', '=', 'probe')
      .executeTakeFirstOrThrow();
    expect(row.updated_at).toBe(big);
    expect(typeof row.updated_at).toBe('number');
  });

  it('seeds the demo once', async () => {
    const cipher = createCardCipher(Buffer.alloc(32, 7));
    expect(await seedDemo(handle.db, cipher)).toBe(true);
    expect(await seedDemo(handle.db, cipher)).toBe(false);
    const { rows } = await sql<{ n: number }>`select count(*) as n from links`.execute(handle.db);
    expect(Number(rows[0]!.n)).toBe(5);
  });
});

import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/helpers.ts';
import { type DatabaseHandle, openDatabase } from '../../db/dialect.ts';
import { migrations } from '../../db/migrate.ts';
import { changeBalance, dayRange } from './wallet.service.ts';

describe('dayRange', () => {
  it('reads days in UTC+8, both ends inclusive', () => {
    expect(dayRange('2026-11-21', '2026-11-21')).toEqual({
      from: Date.parse('2026-11-20T16:00:00Z'),
      to: Date.parse('2026-11-21T16:00:00Z'),
    });
    expect(dayRange()).toEqual({});
  });
});

describe.each(testEngines())('wallet ledger (%s)', (engine) => {
  let target: TestDatabase;
  let handle: DatabaseHandle;
  let userId: number;
  const provider = { getMigrations: async () => migrations };

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

  it('gives balances that existed before the ledger an opening entry', async () => {
    const migrator = new Migrator({ db: handle.db, provider });
    expect((await migrator.migrateTo('0007_cart')).error).toBeUndefined();
    const now = Date.now();
    const row = await handle.db
      .insertInto('users')
      .values({
        email: 'old@demo.test',
        password_hash: 'x',
        balance: 12_345,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = Number(row.id);
    await handle.db
      .insertInto('users')
      .values({ email: 'empty@demo.test', password_hash: 'x', created_at: now, updated_at: now })
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const entries = await handle.db.selectFrom('wallet_ledger').selectAll().execute();
    expect(entries).toEqual([
      expect.objectContaining({
        user_id: userId,
        type: 'opening',
        amount: 12_345,
        balance_before: 0,
        balance_after: 12_345,
        idempotency_key: `opening:${userId}`,
      }),
    ]);
  });

  it('applies a change once per key, refuses an overdraft, and the database refuses a ledger that does not add up', async () => {
    const change = { userId, amount: -345, type: 'adjustment' as const, ref: 'r', key: 'k1' };
    expect((await handle.db.transaction().execute((trx) => changeBalance(trx, change))).applied).toBe(true);
    expect((await handle.db.transaction().execute((trx) => changeBalance(trx, change))).applied).toBe(false);
    await expect(
      handle.db.transaction().execute((trx) => changeBalance(trx, { ...change, amount: -20_000, key: 'k2' })),
    ).rejects.toMatchObject({ key: 'balance_insufficient' });
    const user = await handle.db
      .selectFrom('users')
      .select('balance')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(user.balance).toBe(12_000);
    await expect(
      handle.db
        .insertInto('wallet_ledger')
        .values({
          user_id: userId,
          type: 'adjustment',
          amount: 5,
          balance_before: 0,
          balance_after: 6,
          idempotency_key: 'bad',
          created_at: 0,
        })
        .execute(),
    ).rejects.toThrow();
    await expect(
      handle.db.updateTable('users').set({ balance: -1 }).where('id', '=', userId).execute(),
    ).rejects.toThrow();
  });
});

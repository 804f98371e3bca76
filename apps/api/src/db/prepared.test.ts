import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEngines } from '../../test/helpers.ts';
import type { Executor } from './database.ts';
import { preparedRead, preparedWrite } from './prepared.ts';

// Prepared queries (db/prepared.ts) are compiled once and bound per call, on the database and in
// every transaction opened on it: each call must see its own arguments, a rolled-back transaction's
// write must not show, and a write must say how many rows it changed.
describe.each(testEngines())('prepared queries on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  let builds = 0;
  const put = preparedWrite((db: Executor, key: string, value: string, now: number) => {
    builds += 1;
    return db.insertInto('settings').values({ key, value, updated_at: now });
  });
  const rename = preparedWrite((db: Executor, value: string, key: string) =>
    db.updateTable('settings').set({ value }).where('key', '=', key),
  );
  const read = preparedRead((db: Executor, key: string) =>
    db.selectFrom('settings').select(['key', 'value']).where('key', '=', key),
  );

  it('compiles once and binds each call, in transactions and outside them', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        expect((await put(trx, 'prepared.a', 'first', 1)).changed).toBe(1);
        expect(await read(trx, 'prepared.a')).toEqual([{ key: 'prepared.a', value: 'first' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await t.db.transaction().execute(async (trx) => {
      expect((await put(trx, 'prepared.b', 'second', 2)).changed).toBe(1);
    });
    expect((await put(t.db, 'prepared.c', 'third', 3)).changed).toBe(1);
    expect(builds).toBe(1);
    expect(await read(t.db, 'prepared.a')).toEqual([]);
    expect(await read(t.db, 'prepared.b')).toEqual([{ key: 'prepared.b', value: 'second' }]);
    expect(await read(t.db, 'prepared.c')).toEqual([{ key: 'prepared.c', value: 'third' }]);
  });

  it('says how many rows a write changed', async () => {
    expect((await rename(t.db, 'renamed', 'prepared.b')).changed).toBe(1);
    expect((await rename(t.db, 'renamed', 'prepared.none')).changed).toBe(0);
    expect(await read(t.db, 'prepared.b')).toEqual([{ key: 'prepared.b', value: 'renamed' }]);
  });

  it('refuses an argument that is not a bound value', async () => {
    const shaped = preparedRead((db: Executor, key: string) =>
      db
        .selectFrom('settings')
        .select(['key'])
        .where('key', '=', 'fixed')
        .limit(key ? 1 : 2),
    );
    await expect(shaped(t.db, 'x')).rejects.toThrow(/not a bound value/);
  });
});

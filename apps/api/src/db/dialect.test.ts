import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { openDatabase } from './dialect.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL pool', () => {
  it('survives an idle connection being killed, and answers the next query', async () => {
    const target = await createTestDatabase('postgres');
    const handle = openDatabase({ databaseUrl: target.url, dataDir: '/tmp' });
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
      const pid = rows[0]!.pid;
      // Kill the now idle backend from another session, as a restart or failover would.
      const other = openDatabase({ databaseUrl: target.url, dataDir: '/tmp' });
      await sql`select pg_terminate_backend(${pid})`.execute(other.db);
      await other.destroy();
      await new Promise((r) => setTimeout(r, 200)); // the pool sees the error while idle
      const again = await sql<{ ok: number }>`select 1 as ok`.execute(handle.db);
      expect(again.rows[0]!.ok).toBe(1);
    } finally {
      await handle.destroy();
      await target.drop();
    }
  });
});

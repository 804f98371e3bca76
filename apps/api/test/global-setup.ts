// The api project's global setup (vitest.config.ts, decision 084): one database per engine
// migrated to the latest migration, made once per run. createTestApp copies it (a file copy on
// SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL) instead of running every migration again for
// each app a test file builds. A test of migrations themselves starts from an empty database
// (createTestDatabase, withDatabaseBefore), as before.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/dialect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Migrated databases to copy: a SQLite file, and a PostgreSQL database name ('' without one). */
    migratedTemplates: { sqlite: string; postgres: string };
  }
}

export default async function setup(project: TestProject) {
  const name = `shop_tpl_${process.pid}_${randomBytes(4).toString('hex')}`;
  const sqlite = path.join(os.tmpdir(), `${name}.db`);
  const adminUrl = process.env.TEST_DATABASE_URL;

  const handle = openDatabase({ dataDir: os.tmpdir(), sqliteFile: sqlite });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.destroy();
  }

  let postgres = '';
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // Closed before use: PostgreSQL copies a template only while nobody is connected to it.
    const target = openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
    try {
      await migrateToLatest(target.db);
    } finally {
      await target.destroy();
    }
    postgres = name;
  }
  project.provide('migratedTemplates', { sqlite, postgres });

  return async () => {
    fs.rmSync(sqlite, { force: true });
    if (postgres && adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${postgres}" WITH (FORCE)`);
      await admin.end();
    }
  };
}

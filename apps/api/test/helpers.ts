import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { prepareDatabase } from '../src/boot.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { type Engine, openDatabase } from '../src/db/dialect.ts';
import { migrations } from '../src/db/migrate.ts';
import { Migrator } from 'kysely';
import { inject } from 'vitest';
import type { Supplier } from '../src/modules/supplier/supplier.ts';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (STYLE.md: tests loop over dialects). */
export function testEngines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export type TestDatabase = { url: string | undefined; sqliteFile: string | undefined; drop(): Promise<void> };

/**
 * A fresh database for one test file: a temp SQLite file, or a new PostgreSQL database. Empty, or
 * with `migrated` a copy of the run's migrated template (global-setup.ts) when there is one.
 */
export async function createTestDatabase(engine: Engine, { migrated = false } = {}): Promise<TestDatabase> {
  const name = `shop_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = migrated ? migratedTemplate(engine) : '';
  if (engine === 'sqlite') {
    const sqliteFile = path.join(os.tmpdir(), `${name}.db`);
    if (template) fs.copyFileSync(template, sqliteFile);
    return {
      url: undefined,
      sqliteFile,
      drop: async () => {
        for (const suffix of ['', '-wal', '-shm']) fs.rmSync(sqliteFile + suffix, { force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    sqliteFile: undefined,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A migration's own test: a fresh database of `engine` migrated up to `before` (included), then
 * `run` with it and its migrator (to go on, down and up again); dropped afterwards.
 */
export async function withDatabaseBefore(
  engine: Engine,
  before: string,
  run: (db: Database, migrator: Migrator) => Promise<void>,
): Promise<void> {
  const target = await createTestDatabase(engine);
  const handle = openDatabase({
    databaseUrl: target.url,
    dataDir: os.tmpdir(),
    ...(target.sqliteFile ? { sqliteFile: target.sqliteFile } : {}),
  });
  try {
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    const moved = await migrator.migrateTo(before);
    if (moved.error) throw moved.error;
    await run(handle.db, migrator);
  } finally {
    await handle.destroy();
    await target.drop();
  }
}

/** The run's migrated database of `engine` (global-setup.ts), or '' outside the api project. */
function migratedTemplate(engine: Engine): string {
  let templates: { sqlite: string; postgres: string } | undefined;
  try {
    templates = inject('migratedTemplates');
  } catch {
    // Not in a vitest worker (a script importing these helpers): migrate as before.
  }
  return templates?.[engine] ?? '';
}

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  engine: Engine;
  config: Config;
  close(): Promise<void>;
};

/** The real app on a fresh database of the given engine, migrated, with or without the demo seed. */
export async function createTestApp(
  engine: Engine,
  env: Record<string, string> = {},
  options: { extend?: (app: FastifyInstance) => void; jobTimers?: boolean; supplier?: Supplier } = {},
): Promise<TestApp> {
  const target = await createTestDatabase(engine, { migrated: true });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), 'shop-test-data'),
    SEED_DEMO: '0',
    // Tests change rows directly and read them back at once; caching has its own test.
    CACHE_TTL_MS: '0',
    // Tests log in many times from one address; throttling has its own test.
    RATE_LIMIT_PER_IP: '100000',
    RATE_LIMIT_PER_ACCOUNT: '100000',
    // Tests open many unpaid orders and recharges for one buyer; the caps have their own test.
    MAX_UNPAID_ORDERS: '100000',
    MAX_RESERVED_PER_OPTION: '100000',
    MAX_PENDING_RECHARGES: '100000',
    ...(target.url ? { DATABASE_URL: target.url } : {}),
    ...env,
  });
  const handle = await prepareDatabase(config, target.sqliteFile ? { sqliteFile: target.sqliteFile } : {});
  const app = await buildApp({
    config,
    db: handle.db,
    engine: handle.engine,
    ...(options.jobTimers === undefined ? {} : { jobTimers: options.jobTimers }),
    ...(options.supplier ? { supplier: options.supplier } : {}),
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    db: handle.db,
    engine: handle.engine,
    config,
    close: async () => {
      await app.close();
      await handle.destroy();
      await target.drop();
    },
  };
}

/** A stored captcha whose answer the test knows (the picture is for people): its request fields. */
export async function solvedCaptcha(db: Database): Promise<{ captcha_key: string; captcha_code: string }> {
  const key = randomBytes(16).toString('hex');
  await db
    .insertInto('captchas')
    .values({
      key,
      answer_hash: createHash('sha256').update('ab3d').digest('hex'),
      expires_at: Date.now() + 60_000,
    })
    .execute();
  return { captcha_key: key, captcha_code: 'ab3d' };
}

import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { DB } from './database.ts';

export type Engine = 'sqlite' | 'postgres';

export type DatabaseOptions = {
  /** postgres:// URL; unset → SQLite file `shop.db` in dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  poolMax?: number;
  /** For tests: an explicit SQLite file (or ':memory:'). */
  sqliteFile?: string;
};

export type DatabaseHandle = { db: Kysely<DB>; engine: Engine; destroy(): Promise<void> };

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** Opens Kysely on better-sqlite3 (default) or pg, per ARCHITECTURE.md §2. */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  const db = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolMax ?? 10)
    : openSqlite(options);
  return { db, engine: engineOf(db), destroy: () => db.destroy() };
}

function openSqlite(options: DatabaseOptions): Kysely<DB> {
  const file = options.sqliteFile ?? path.join(options.dataDir, 'shop.db');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; on SQLite preparing costs as much as running a small query.
 * The SQL text Kysely compiles is stable per query shape (values are bound parameters), so the
 * prepared statements are kept, least recently used dropped first. Kysely runs one query at a
 * time on this connection and never streams here, so a statement is never busy when reused.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sqlText: string) {
      let statement = cache.get(sqlText);
      if (statement) {
        cache.delete(sqlText);
      } else {
        statement = database.prepare(sqlText);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sqlText, statement);
      return statement;
    },
  };
}

function openPostgres(url: string, max: number): Kysely<DB> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // bigint columns hold money in minor units and epoch-ms timestamps: both fit a JS number
    // exactly (< 2^53), so read them as numbers rather than strings.
    types: {
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID || oid === NUMERIC_OID
          ? (value: string) => toSafeNumber(value)
          : pg.types.getTypeParser(oid, format ?? 'text'),
    } as pg.CustomTypesConfig,
  });
  // An idle connection that dies (database restart, failover, a terminated backend) is reported on
  // the pool; without a listener that is an uncaught exception that takes the process down. The
  // pool drops the broken client and opens a new one on the next query, so nothing else is needed.
  pool.on('error', () => {});
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

function toSafeNumber(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) && Number.isInteger(n)) {
    throw new RangeError('Integer column value exceeds the safe range');
  }
  return n;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** A unique constraint refused a row (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

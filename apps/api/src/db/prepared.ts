import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Executor } from './database.ts';

const SLOT = Symbol('argument');
type Slot = { readonly [SLOT]: number };
const isSlot = (value: unknown): value is Slot =>
  typeof value === 'object' && value !== null && SLOT in value;

type Compiled = { query: CompiledQuery; parameters: ({ argument: number } | { value: unknown })[] };

/**
 * Where a compiled query is kept: the database's dialect adapter, which a transaction shares with
 * the database it was opened on (Kysely copies it into the transaction's executor), so that a
 * query compiled once serves every transaction too. An executor with plugins (which may rewrite
 * queries) keeps its own.
 */
function cacheKeyOf(db: Executor): object {
  const executor = db.getExecutor();
  return executor.plugins.length === 0 ? executor.adapter : db;
}

/**
 * A query whose SQL is built and compiled once per dialect instead of on every call (decision
 * draft "render cost"): building and compiling a Kysely query cost as much as running a small one
 * on SQLite, and the hot catalog reads run several per request, an order's transaction a dozen.
 * `build` is called once, with stand-ins for its arguments; each call binds its own arguments in
 * their places. So `build` may use an argument only as a bound value (a `where` operand, a value
 * set or inserted, `limit`, `offset`), never to decide the query's shape; an `in` list takes its
 * values as separate arguments (its length is part of the SQL, so a list needs one prepared read
 * per length: see `byLength`). Returns the whole result (rows, and the rows a write changed).
 */
export function preparedQuery<A extends (string | number | null)[], R>(
  build: (db: Executor, ...args: A) => Compilable<R>,
): (db: Executor, ...args: A) => Promise<QueryResult<R>> {
  const compiledFor = new WeakMap<object, Compiled>();
  return async (db, ...args) => {
    const key = cacheKeyOf(db);
    let compiled = compiledFor.get(key);
    if (!compiled) {
      const slots = args.map((_, argument): Slot => ({ [SLOT]: argument })) as unknown as A;
      const query = build(db, ...slots).compile();
      const parameters = query.parameters.map((p) => (isSlot(p) ? { argument: p[SLOT] } : { value: p }));
      const bound = new Set(query.parameters.filter(isSlot).map((p) => p[SLOT]));
      if (bound.size !== args.length)
        throw new Error(`preparedQuery: an argument is not a bound value of ${query.sql}`);
      compiled = { query, parameters };
      compiledFor.set(key, compiled);
    }
    const bound = compiled.parameters.map((p) => ('argument' in p ? args[p.argument] : p.value));
    return db.executeQuery<R>({ ...compiled.query, parameters: bound } as CompiledQuery<R>);
  };
}

/** A prepared read (preparedQuery): its rows. */
export function preparedRead<A extends (string | number | null)[], R>(
  build: (db: Executor, ...args: A) => Compilable<R>,
): (db: Executor, ...args: A) => Promise<R[]> {
  const query = preparedQuery(build);
  return async (db, ...args) => (await query(db, ...args)).rows;
}

/** A prepared write (preparedQuery): how many rows it changed, and the rows it returned. */
export function preparedWrite<A extends (string | number | null)[], R>(
  build: (db: Executor, ...args: A) => Compilable<R>,
): (db: Executor, ...args: A) => Promise<{ changed: number; rows: R[] }> {
  const query = preparedQuery(build);
  return async (db, ...args) => {
    const result = await query(db, ...args);
    return { changed: Number(result.numAffectedRows ?? 0n), rows: result.rows };
  };
}

/** One prepared read per list length, for a query over an `in` list of `ids` (at most `max` kept). */
export function byLength<R>(
  build: (db: Executor, ...ids: number[]) => Compilable<R>,
  max = 200,
): (db: Executor, ids: readonly number[]) => Promise<R[]> {
  const reads = new Map<number, (db: Executor, ...ids: number[]) => Promise<R[]>>();
  return async (db, ids) => {
    if (ids.length === 0) return [];
    let read = reads.get(ids.length);
    if (!read) {
      read = preparedRead(build);
      if (reads.size < max) reads.set(ids.length, read);
    }
    return read(db, ...ids);
  };
}

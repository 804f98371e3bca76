import type { Compilable, CompiledQuery } from 'kysely';
import type { Executor } from './database.ts';

const SLOT = Symbol('argument');
type Slot = { readonly [SLOT]: number };
const isSlot = (value: unknown): value is Slot =>
  typeof value === 'object' && value !== null && SLOT in value;

type Compiled = { query: CompiledQuery; parameters: ({ argument: number } | { value: unknown })[] };

/**
 * A read whose SQL is built and compiled once per database instead of on every call (decision
 * draft "render cost"): building and compiling a Kysely query cost as much as running a small one
 * on SQLite, and the hot catalog reads run several per request. `build` is called once, with
 * stand-ins for its arguments; each call binds its own arguments in their places. So `build` may use
 * an argument only as a bound value (a `where` operand, `limit`, `offset`), never to decide the
 * query's shape; an `in` list takes its values as separate arguments (its length is part of the
 * SQL, so a list needs one prepared read per length: see `byLength`).
 */
export function preparedRead<A extends (string | number | null)[], R>(
  build: (db: Executor, ...args: A) => Compilable<R>,
): (db: Executor, ...args: A) => Promise<R[]> {
  const compiledFor = new WeakMap<Executor, Compiled>();
  return async (db, ...args) => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      const slots = args.map((_, argument): Slot => ({ [SLOT]: argument })) as unknown as A;
      const query = build(db, ...slots).compile();
      const parameters = query.parameters.map((p) => (isSlot(p) ? { argument: p[SLOT] } : { value: p }));
      const bound = new Set(query.parameters.filter(isSlot).map((p) => p[SLOT]));
      if (bound.size !== args.length)
        throw new Error(`preparedRead: an argument is not a bound value of ${query.sql}`);
      compiled = { query, parameters };
      compiledFor.set(db, compiled);
    }
    const bound = compiled.parameters.map((p) => ('argument' in p ? args[p.argument] : p.value));
    const result = await db.executeQuery<R>({ ...compiled.query, parameters: bound } as CompiledQuery<R>);
    return result.rows;
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

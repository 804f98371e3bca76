import type { Kysely } from 'kysely';
import type { DB, Executor } from '../../db/database.ts';

// Deletes of the retention sweep (decision 026), each of at most `limit` rows found through an
// index (migration 0014), so that one statement never holds SQLite's single writer for long. The
// tables belong to other modules; the sweep is the one place that removes their dead rows, and it
// never touches money or audit tables (wallet ledger, orders, payments, payment inbox, reveals).

type Column<T extends keyof DB> = keyof DB[T] & string;

/** A kind of dead row: its table, the key it is deleted by, and the time column before which it is dead. */
type Sweep = {
  [T in keyof DB]: { table: T; key: Column<T>; age: Column<T>; only?: Partial<Record<Column<T>, string>> };
}[keyof DB];

const SWEEPS = {
  /** Captchas that expired (a used captcha expires within minutes too). */
  captchas: { table: 'captchas', key: 'key', age: 'expires_at' },
  /** Verification codes that expired, used or not. */
  verification_codes: { table: 'verification_codes', key: 'id', age: 'expires_at' },
  /** Failed-login counts by their last try. */
  login_failures: { table: 'login_failures', key: 'account', age: 'updated_at' },
  /** Tokens that expired. */
  expired_tokens: { table: 'user_tokens', key: 'id', age: 'expires_at' },
  /** Tokens revoked (logout, password change). */
  revoked_tokens: { table: 'user_tokens', key: 'id', age: 'revoked_at' },
  /** Messages a transport took; unsent ones stay (pending, or given up on). */
  sent_messages: { table: 'outbox', key: 'id', age: 'sent_at' },
  /** Jobs that finished (`done`); `dead` ones stay for an operator. */
  finished_jobs: { table: 'jobs', key: 'id', age: 'updated_at', only: { status: 'done' } },
} satisfies Record<string, Sweep>;

export type DeadRows = keyof typeof SWEEPS;

/** Deletes at most `limit` rows of one kind that were dead before `before`; returns how many. */
export async function deleteDead(
  db: Executor,
  kind: DeadRows,
  before: number,
  limit: number,
): Promise<number> {
  const { table, key, age, only = {} }: Sweep = SWEEPS[kind];
  // One view of the swept tables for this generic delete; SWEEPS was checked against their columns.
  const view = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  let ids = view.selectFrom(table).select(key);
  for (const [column, value] of Object.entries(only)) ids = ids.where(column, '=', value);
  ids = ids.where(age, '<', before).limit(limit);
  const result = await view.deleteFrom(table).where(key, 'in', ids).executeTakeFirstOrThrow();
  return Number(result.numDeletedRows);
}

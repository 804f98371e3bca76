import { sql } from 'kysely';
import type { Database, Executor } from '../../db/database.ts';
import { engineOf } from '../../db/dialect.ts';

// The jobs table of ARCHITECTURE.md §1 (decision 021). A job is a row with a unique key, so
// enqueueing the same work twice (a retried payment transaction, two processes) makes one job.
// A worker claims due rows for a lease in one statement — on PostgreSQL the rows are picked with
// FOR UPDATE SKIP LOCKED, so concurrent workers never take the same job and never wait on each
// other; SQLite has one writer at a time. A worker that dies loses its lease and the job runs
// again: handlers are written to be safe to repeat (they work from the state in the database).

export type JobRow = {
  id: number;
  name: string;
  job_key: string;
  payload: string;
  attempts: number;
  run_at: number;
};

/** What a handler decides: finished, or run again at a time (a poll, a recurring sweep). */
export type JobOutcome = { done: true } | { runAt: number };
export type JobHandler = (job: JobRow) => Promise<JobOutcome>;

/** A claimed job belongs to its worker for this long; it must be longer than any single run. */
export const JOB_LEASE_MS = 60_000;
/** A job that throws this many times in a row is set aside (`dead`) with its last error. */
export const JOB_MAX_ATTEMPTS = 8;
/** Wait after the n-th failure in a row: 5 s, 10 s, 20 s, … up to 10 min. */
export const jobRetryDelay = (attempts: number) => Math.min(600_000, 5_000 * 2 ** Math.max(0, attempts - 1));

/** Adds a job unless one with this key exists (whatever its state). */
export async function enqueueJob(
  db: Executor,
  job: { name: string; key: string; runAt: number; payload?: Record<string, unknown> },
): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('jobs')
    .values({
      name: job.name,
      job_key: job.key,
      payload: JSON.stringify(job.payload ?? {}),
      status: 'queued',
      run_at: job.runAt,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('job_key').doNothing())
    .execute();
}

/** Which of these job keys are still to run (queued, whatever their time). */
export async function unfinishedJobs(db: Executor, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('jobs')
    .select('job_key')
    .where('job_key', 'in', keys)
    .where('status', '=', 'queued')
    .execute();
  return rows.map((r) => r.job_key);
}

/** Claims up to `limit` due jobs of these names for a lease; each claim counts as an attempt. */
export async function claimJobs(
  db: Database,
  names: string[],
  now: number,
  limit: number,
): Promise<JobRow[]> {
  if (names.length === 0) return [];
  // A read first: most polls find nothing, and on SQLite an UPDATE would take the write lock.
  const due = await db
    .selectFrom('jobs')
    .select('id')
    .where('status', '=', 'queued')
    .where('run_at', '<=', now)
    .where('locked_until', '<=', now)
    .limit(1)
    .executeTakeFirst();
  if (!due) return [];
  const lock = engineOf(db) === 'postgres' ? sql` for update skip locked` : sql``;
  const result = await sql<JobRow>`
    update jobs set locked_until = ${now + JOB_LEASE_MS}, attempts = attempts + 1, updated_at = ${now}
    where id in (
      select id from jobs
      where status = 'queued' and run_at <= ${now} and locked_until <= ${now}
        and name in (${sql.join(names)})
      order by run_at limit ${limit}${lock}
    ) and status = 'queued' and locked_until <= ${now}
    returning id, name, job_key, payload, attempts, run_at`.execute(db);
  return result.rows.map((r) => ({
    ...r,
    id: Number(r.id),
    attempts: Number(r.attempts),
    run_at: Number(r.run_at),
  }));
}

/** Records a run's outcome; only the worker holding the lease (same attempt) may. */
async function settle(db: Database, job: JobRow, set: Record<string, unknown>): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ ...set, locked_until: 0, updated_at: Date.now() })
    .where('id', '=', job.id)
    .where('attempts', '=', job.attempts)
    .execute();
}

export type RunResult = { ran: number; failed: number };

/**
 * Claims and runs due jobs until none is left (at most `max` in one call). A handler's `runAt`
 * puts the job back with its failure count cleared; a thrown error retries it with back-off, and
 * after JOB_MAX_ATTEMPTS failures in a row the job is `dead`.
 */
export async function runDueJobs(
  db: Database,
  handlers: Record<string, JobHandler>,
  onError: (error: unknown, job: JobRow) => void = () => {},
  max = 200,
): Promise<RunResult> {
  const result: RunResult = { ran: 0, failed: 0 };
  const names = Object.keys(handlers);
  while (result.ran < max) {
    const batch = await claimJobs(db, names, Date.now(), Math.min(20, max - result.ran));
    if (batch.length === 0) break;
    for (const job of batch) {
      result.ran += 1;
      try {
        const outcome = await handlers[job.name]!(job);
        if ('done' in outcome) await settle(db, job, { status: 'done', last_error: null });
        else await settle(db, job, { run_at: outcome.runAt, attempts: 0, last_error: null });
      } catch (error) {
        result.failed += 1;
        onError(error, job);
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        await settle(
          db,
          job,
          job.attempts >= JOB_MAX_ATTEMPTS
            ? { status: 'dead', last_error: message }
            : { run_at: Date.now() + jobRetryDelay(job.attempts), last_error: message },
        );
      }
    }
  }
  return result;
}

import type { Database, Executor } from '../../db/database.ts';
import {
  claimJobs,
  extendLease,
  insertJob,
  type JobRow,
  queuedKeys,
  reviveFinishedJob,
  settleJob,
} from './jobs.repository.ts';

// The jobs table of ARCHITECTURE.md §1 (decision 021). A job is a row with a unique key, so
// enqueueing the same work twice (a retried payment transaction, two processes) makes one job.
// A worker claims due rows for a lease in one statement — on PostgreSQL the rows are picked with
// FOR UPDATE SKIP LOCKED, so concurrent workers never take the same job and never wait on each
// other; SQLite has one writer at a time. A worker that dies loses its lease and the job runs
// again: handlers are written to be safe to repeat (they work from the state in the database).

export type { JobRow };

/** What a handler decides: finished, or run again at a time (a poll, a recurring sweep). */
export type JobOutcome = { done: true } | { runAt: number };
export type JobHandler = (job: JobRow) => Promise<JobOutcome>;

/** A job that throws this many times in a row is set aside (`dead`) with its last error. */
export const JOB_MAX_ATTEMPTS = 8;
/** Wait after the n-th failure in a row: 5 s, 10 s, 20 s, … up to 10 min. */
export const jobRetryDelay = (attempts: number) => Math.min(600_000, 5_000 * 2 ** Math.max(0, attempts - 1));

/** Adds a job unless one with this key exists (whatever its state). */
export async function enqueueJob(
  db: Executor,
  job: { name: string; key: string; runAt: number; payload?: Record<string, unknown> },
): Promise<void> {
  await insertJob(
    db,
    { name: job.name, job_key: job.key, payload: JSON.stringify(job.payload ?? {}), run_at: job.runAt },
    Date.now(),
  );
}

/**
 * Runs a job again now (an operator's retry, issue 15): added if missing; a finished (`done`) or
 * set-aside (`dead`) one is queued afresh with its failure count cleared. (enqueueJob leaves an
 * existing key alone whatever its state, so it cannot do this.) A job still queued is unchanged.
 */
export async function requeueJob(
  db: Executor,
  job: { name: string; key: string; now: number },
): Promise<void> {
  await insertJob(db, { name: job.name, job_key: job.key, payload: '{}', run_at: job.now }, job.now);
  await reviveFinishedJob(db, job.key, job.now);
}

/** Which of these job keys are still to run (queued, whatever their time). */
export async function unfinishedJobs(db: Executor, keys: string[]): Promise<string[]> {
  return keys.length === 0 ? [] : queuedKeys(db, keys);
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
        if ('done' in outcome) await settleJob(db, job, { status: 'done', last_error: null });
        else await settleJob(db, job, { run_at: outcome.runAt, attempts: 0, last_error: null });
      } catch (error) {
        result.failed += 1;
        onError(error, job);
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        await settleJob(
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

/**
 * Keeps a long run's lease (issue 32: an export writing a million rows): the job stays claimed for
 * JOB_LEASE_MS more, as long as this worker's claim (the same attempt) is the current one.
 */
export async function holdJob(db: Database, job: JobRow): Promise<void> {
  await extendLease(db, job, Date.now());
}

import { sql } from 'kysely';
import type { Database, Executor } from '../../db/database.ts';
import { engineOf } from '../../db/dialect.ts';

// The jobs table's queries (decision 021); queue.ts says what they are for.

export type JobRow = {
  id: number;
  name: string;
  job_key: string;
  payload: string;
  attempts: number;
  run_at: number;
};

/** A claimed job belongs to its worker for this long; it must be longer than any single run. */
export const JOB_LEASE_MS = 60_000;

/** Adds a job unless one with this key exists (whatever its state). */
export async function insertJob(
  db: Executor,
  job: { name: string; job_key: string; payload: string; run_at: number },
  now: number,
): Promise<void> {
  await db
    .insertInto('jobs')
    .values({ ...job, status: 'queued', created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('job_key').doNothing())
    .execute();
}

/** Which of these job keys are still to run (queued, whatever their time). */
export async function queuedKeys(db: Executor, keys: string[]): Promise<string[]> {
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
    id: r.id,
    attempts: r.attempts,
    run_at: r.run_at,
  }));
}

/** Records a run's outcome; only the worker holding the lease (same attempt) may. */
export async function settleJob(db: Database, job: JobRow, set: Record<string, unknown>): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ ...set, locked_until: 0, updated_at: Date.now() })
    .where('id', '=', job.id)
    .where('attempts', '=', job.attempts)
    .execute();
}

/** A recurring sweep's row is queued and due now, even one set aside (`dead`) after failures. */
export async function reviveJob(db: Database, key: string, now: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'queued', attempts: 0, run_at: now, updated_at: now })
    .where('job_key', '=', key)
    .where('status', '!=', 'queued')
    .execute();
}

/** A finished or dead job is queued again, due now, with no failures counted. */
export async function reviveFinishedJob(db: Executor, key: string, now: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'queued', attempts: 0, run_at: now, locked_until: 0, last_error: null, updated_at: now })
    .where('job_key', '=', key)
    .where('status', '!=', 'queued')
    .execute();
}

/** A queued job is due now. */
export async function makeJobDue(db: Database, key: string, now: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ run_at: now })
    .where('job_key', '=', key)
    .where('status', '=', 'queued')
    .execute();
}

/** The lease of a claimed job runs JOB_LEASE_MS from now (only for the worker that holds it). */
export async function extendLease(db: Database, job: JobRow, now: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ locked_until: now + JOB_LEASE_MS, updated_at: now })
    .where('id', '=', job.id)
    .where('attempts', '=', job.attempts)
    .execute();
}

import type { Database } from '../../db/database.ts';
import { makeJobDue, reviveJob } from './jobs.repository.ts';
import { enqueueJob, type JobHandler, runDueJobs } from './queue.ts';
import { Scheduler } from './scheduler.ts';

/** How often each process looks for due jobs in the jobs table. */
export const JOB_POLL_MS = 1_000;

const recurringKey = (name: string) => `every:${name}`;

/**
 * The process's side of the jobs table (decision 021): every JOB_POLL_MS it claims and runs due
 * jobs. Recurring sweeps are rows too (`every:<name>`), so with N processes each sweep still runs
 * once per interval. `kick` runs the worker now (a sweep's row is made due first).
 */
export class JobRunner {
  private readonly scheduler: Scheduler;

  constructor(
    private readonly db: Database,
    private readonly handlers: Record<string, JobHandler>,
    private readonly recurring: Record<string, number>,
    onError: (name: string, error: unknown) => void,
    options: { timers: boolean },
  ) {
    this.scheduler = new Scheduler(onError, options);
  }

  /** Puts the recurring rows in place (a sweep set aside after failures is revived), then polls. */
  async start(onJobError: (error: unknown, job: { name: string; job_key: string }) => void): Promise<void> {
    const now = Date.now();
    for (const name of Object.keys(this.recurring)) {
      await enqueueJob(this.db, { name, key: recurringKey(name), runAt: now });
      await reviveJob(this.db, recurringKey(name), now);
    }
    this.scheduler.every('jobs', JOB_POLL_MS, () => runDueJobs(this.db, this.handlers, onJobError));
  }

  /** Runs due jobs now; with the name of a sweep, that sweep is due now. */
  async kick(name?: string): Promise<void> {
    if (name && name in this.recurring) await makeJobDue(this.db, recurringKey(name), Date.now());
    return this.scheduler.kick('jobs');
  }

  stop(): Promise<void> {
    return this.scheduler.stop();
  }
}

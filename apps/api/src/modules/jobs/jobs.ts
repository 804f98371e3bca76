import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { renderMessage } from '../fulfilment/card-mail.ts';
import { runTopup, TOPUP_JOB } from '../fulfilment/delivery.service.ts';
import { dispatchOutbox } from '../messaging/messaging.service.ts';
import { configuredTransports, type Transports } from '../messaging/transports.ts';
import { expireOrders } from '../order/order.service.ts';
import { pruneExpired } from '../retention/retention.service.ts';
import { enqueueJob, type JobHandler, runDueJobs } from './queue.ts';
import { Scheduler } from './scheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

/** How often each process looks for due jobs in the jobs table. */
export const JOB_POLL_MS = 1_000;
/** How often the outbox is swept when nobody kicks it. */
export const OUTBOX_INTERVAL_MS = 5_000;
/** How often unpaid orders past their time are cancelled. */
export const ORDER_TIMEOUT_INTERVAL_MS = 30_000;
/** How often rows past their retention are deleted (decision 026); sooner while a backlog is left. */
export const RETENTION_INTERVAL_MS = 3_600_000;
const RETENTION_BACKLOG_MS = 60_000;

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
      await this.db
        .updateTable('jobs')
        .set({ status: 'queued', attempts: 0, run_at: now, updated_at: now })
        .where('job_key', '=', recurringKey(name))
        .where('status', '!=', 'queued')
        .execute();
    }
    this.scheduler.every('jobs', JOB_POLL_MS, () => runDueJobs(this.db, this.handlers, onJobError));
  }

  /** Runs due jobs now; with the name of a sweep, that sweep is due now. */
  async kick(name?: string): Promise<void> {
    if (name && name in this.recurring)
      await this.db
        .updateTable('jobs')
        .set({ run_at: Date.now() })
        .where('job_key', '=', recurringKey(name))
        .where('status', '=', 'queued')
        .execute();
    return this.scheduler.kick('jobs');
  }

  stop(): Promise<void> {
    return this.scheduler.stop();
  }
}

/** A sweep: runs the task, then is due again after the interval. */
const every =
  (intervalMs: number, task: () => Promise<unknown>): JobHandler =>
  async () => {
    await task();
    return { runAt: Date.now() + intervalMs };
  };

/** The number after the last `:` of a job key (`topup:<order item id>`). */
const keyId = (key: string) => Number(key.slice(key.lastIndexOf(':') + 1));

/** The process's background jobs; they stop (and wait for runs in progress) when the app closes. */
export function registerJobs(
  app: FastifyInstance,
  options: { timers: boolean },
  transports: Transports = configuredTransports(app.config),
) {
  const handlers: Record<string, JobHandler> = {
    outbox: every(OUTBOX_INTERVAL_MS, () =>
      dispatchOutbox(
        app.db,
        transports,
        (error, id) => app.log.warn({ err: error, outbox_id: id }, 'message not sent; will retry'),
        (body) => renderMessage(app.db, app.cardCipher, body, app.config.publicUrl),
      ),
    ),
    'order-timeout': every(ORDER_TIMEOUT_INTERVAL_MS, () => expireOrders(app.db)),
    retention: async () => {
      const { deleted, more } = await pruneExpired(app.db, {
        recordsMs: app.config.retentionDays * 86_400_000,
        codesMs: app.config.retentionCodesHours * 3_600_000,
      });
      app.log.info({ deleted }, 'retention sweep');
      return { runAt: Date.now() + (more ? RETENTION_BACKLOG_MS : RETENTION_INTERVAL_MS) };
    },
    [TOPUP_JOB]: (job) =>
      runTopup(app.db, app.supplier, keyId(job.job_key), (error) =>
        app.log.warn(
          { err: error, job: job.job_key },
          'supplier call failed; the top-up will be asked about again',
        ),
      ),
  };
  const runner = new JobRunner(
    app.db,
    handlers,
    {
      outbox: OUTBOX_INTERVAL_MS,
      'order-timeout': ORDER_TIMEOUT_INTERVAL_MS,
      retention: RETENTION_INTERVAL_MS,
    },
    (name, error) => app.log.error({ err: error, job: name }, 'job failed'),
    options,
  );
  app.decorate('jobs', runner);
  app.addHook('onReady', () =>
    runner.start((error, job) =>
      app.log.error({ err: error, job: job.name, key: job.job_key }, 'job failed'),
    ),
  );
  app.addHook('onClose', async () => {
    await runner.stop();
    for (const transport of Object.values(transports)) transport?.close?.();
  });
}

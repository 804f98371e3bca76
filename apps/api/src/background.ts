import type { FastifyInstance } from 'fastify';
import { renderMessage } from './modules/fulfilment/card-mail.ts';
import { mergeSearchIndexes } from './modules/catalog/catalog.service.ts';
import { runTopup, TOPUP_JOB } from './modules/fulfilment/topup.service.ts';
import { JobRunner } from './modules/jobs/jobs.ts';
import type { JobHandler } from './modules/jobs/queue.ts';
import { dispatchOutbox } from './modules/messaging/messaging.service.ts';
import type { Transports } from './modules/messaging/transports.ts';
import { expireOrders } from './modules/order/order.service.ts';
import { REFUND_JOB, runRefundJob } from './modules/payment/refund.service.ts';
import { COUPON_BATCH_JOB, runBatchJob } from './modules/promotions/promotions-admin.service.ts';
import { pruneExpired } from './modules/retention/retention.service.ts';
import { ALERT_FANOUT_JOB, ALERT_SEND_JOB } from './modules/alerts/alert-events.ts';
import { checkAlerts, fanOut, recordReconciliation, sendDelivery } from './modules/alerts/alerts.service.ts';
import { stockPage } from './modules/fulfilment/card-keys-admin.service.ts';
import { noticeAmountReader, reconcile } from './modules/payment/reconciliation.service.ts';
import { retentionSettings } from './modules/site/site.service.ts';
import { EXPORT_JOB, expireExports, exportJobId, runExportJob } from './modules/exports/exports.service.ts';
import { holdJob } from './modules/jobs/queue.ts';
import { localSecret } from './keys.ts';

// The work each module leaves to the jobs runner (modules/jobs, decision 021), put together where
// the app is built: the jobs module stays below the modules whose work it runs (decision 036).

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

/** How often the outbox is swept when nobody kicks it. */
export const OUTBOX_INTERVAL_MS = 5_000;
/** How often unpaid orders past their time are cancelled. */
export const ORDER_TIMEOUT_INTERVAL_MS = 30_000;
/** How often rows past their retention are deleted (decision 026); sooner while a backlog is left. */
export const RETENTION_INTERVAL_MS = 3_600_000;
const RETENTION_BACKLOG_MS = 60_000;
/** How often SQLite's search indexes are merged into one segment each (decision 051). */
export const SEARCH_MERGE_INTERVAL_MS = 86_400_000;
/** The pause between two steps of a merge, so a step never holds the one connection for long. */
const SEARCH_MERGE_STEP_MS = 1_000;

/** A sweep: runs the task, then is due again after the interval. */
const every =
  (intervalMs: number, task: () => Promise<unknown>): JobHandler =>
  async () => {
    await task();
    return { runAt: Date.now() + intervalMs };
  };

/** How often the alerts' checks run (pending top-ups, unanswered tickets, low stock; issue 32). */
export const ALERTS_CHECK_INTERVAL_MS = 60_000;
/** How often the last two days of payment notices are reconciled for alerts. */
export const ALERTS_RECONCILE_INTERVAL_MS = 900_000;
const RECONCILE_WINDOW_MS = 2 * 86_400_000;
/** Low card-key options read per check (a digest lists them all). */
const LOW_STOCK_READ = 500;
/** How often exports past their link's time are marked expired and their files deleted. */
export const EXPORTS_SWEEP_INTERVAL_MS = 600_000;

/** The number after the last `:` of a job key (`topup:<order item id>`). */
const keyId = (key: string) => Number(key.slice(key.lastIndexOf(':') + 1));

/** The process's background jobs; they stop (and wait for runs in progress) when the app closes. */
export function registerJobs(
  app: FastifyInstance,
  options: { timers: boolean },
  /** Fixed transports (tests); by default those of the channels, rebuilt when the console changes them. */
  transports?: Transports,
) {
  const exportDeps = () => ({
    db: app.db,
    cipher: app.cardCipher,
    dataDir: app.config.dataDir,
    linkSecret: localSecret(app.config.dataDir, 'export-links'),
  });
  const handlers: Record<string, JobHandler> = {
    outbox: every(OUTBOX_INTERVAL_MS, async () => {
      if (!transports) await app.channels.refresh();
      return dispatchOutbox(
        app.db,
        transports ?? app.channels.transports,
        (error, id) => app.log.warn({ err: error, outbox_id: id }, 'message not sent; will retry'),
        (body) => renderMessage(app.db, app.cardCipher, body, app.config.publicUrl),
      );
    }),
    'order-timeout': every(ORDER_TIMEOUT_INTERVAL_MS, () => expireOrders(app.db)),
    retention: async () => {
      // The console's periods (issue 14), else RETENTION_DAYS and RETENTION_CODES_HOURS.
      const { days, codesHours } = await retentionSettings(app.db, {
        days: app.config.retentionDays,
        codesHours: app.config.retentionCodesHours,
      });
      const { deleted, more } = await pruneExpired(app.db, {
        recordsMs: days * 86_400_000,
        codesMs: codesHours * 3_600_000,
      });
      app.log.info({ deleted }, 'retention sweep');
      return { runAt: Date.now() + (more ? RETENTION_BACKLOG_MS : RETENTION_INTERVAL_MS) };
    },
    'search-merge': async () => {
      const left = await mergeSearchIndexes(app.db);
      return { runAt: Date.now() + (left ? SEARCH_MERGE_STEP_MS : SEARCH_MERGE_INTERVAL_MS) };
    },
    // A provider refund not settled by its first call: asked again with the same number.
    [REFUND_JOB]: async (job) => {
      await app.channels.refresh();
      return runRefundJob(app.db, app.gateways, job.job_key.slice(`${REFUND_JOB}:`.length));
    },
    // A batch of single-use codes (issue 31): a chunk per run until the batch holds its count.
    [COUPON_BATCH_JOB]: (job) => runBatchJob(app.db, keyId(job.job_key)),
    // Operators' alerts (issue 32, decisions 076–077): an event's fan-out, then each delivery.
    [ALERT_FANOUT_JOB]: (job) => fanOut(app.db, keyId(job.job_key)),
    [ALERT_SEND_JOB]: (job) =>
      sendDelivery(
        app.db,
        app.cardCipher,
        { sandboxAllowed: !app.config.isProduction },
        keyId(job.job_key),
        job.attempts,
      ),
    'alerts-check': every(ALERTS_CHECK_INTERVAL_MS, () =>
      checkAlerts(app.db, async () => {
        const page = await stockPage(app.db, { low: true }, { page: 1, limit: LOW_STOCK_READ });
        return page.list.map((o) => ({
          key: `${o.goods_id}:${o.goods_sku_id ?? ''}:${o.face_value ?? ''}`,
          goods_zh: o.goods_name_zh,
          goods_en: o.goods_name_en,
          option_zh: o.option_name_zh,
          option_en: o.option_name_en,
          stock: o.stock,
          alert: o.stock_alert,
        }));
      }),
    ),
    'alerts-reconcile': every(ALERTS_RECONCILE_INTERVAL_MS, async () => {
      const wechatKeys =
        app.config.wechat ?? (app.gateways.sandboxed.wechat ? app.gateways.sandbox?.wechat : undefined);
      const now = Date.now();
      const found = await reconcile(app.db, noticeAmountReader(wechatKeys), {
        from: now - RECONCILE_WINDOW_MS,
        to: now,
      });
      await recordReconciliation(
        app.db,
        found.list.map((r) => ({ kind: r.kind, detail: r.detail, payment_no: r.payment_no, oid: r.oid })),
      );
    }),
    // A large export (issue 32): written to its file in one run that keeps its lease.
    [EXPORT_JOB]: (job) => runExportJob(exportDeps(), exportJobId(job.job_key), () => holdJob(app.db, job)),
    'exports-sweep': every(EXPORTS_SWEEP_INTERVAL_MS, () => expireExports(exportDeps())),
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
      'search-merge': SEARCH_MERGE_INTERVAL_MS,
      'alerts-check': ALERTS_CHECK_INTERVAL_MS,
      'alerts-reconcile': ALERTS_RECONCILE_INTERVAL_MS,
      'exports-sweep': EXPORTS_SWEEP_INTERVAL_MS,
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
    if (transports) for (const transport of Object.values(transports)) transport?.close?.();
    else app.channels.close();
  });
}

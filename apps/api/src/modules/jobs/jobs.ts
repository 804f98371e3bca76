import type { FastifyInstance } from 'fastify';
import { dispatchOutbox } from '../messaging/messaging.service.ts';
import { expireOrders } from '../order/order.service.ts';
import { configuredTransports, type Transports } from '../messaging/transports.ts';
import { Scheduler } from './scheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Scheduler;
  }
}

/** How often the outbox is looked at when nobody kicks it. */
export const OUTBOX_INTERVAL_MS = 5_000;
/** How often unpaid orders past their time are cancelled. */
export const ORDER_TIMEOUT_INTERVAL_MS = 30_000;

/** The process's background jobs; they stop (and wait for runs in progress) when the app closes. */
export function registerJobs(
  app: FastifyInstance,
  options: { timers: boolean },
  transports: Transports = configuredTransports(app.config),
) {
  const jobs = new Scheduler(
    (name, error) => app.log.error({ err: error, job: name }, 'job failed'),
    options,
  );
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => {
    jobs.every('outbox', OUTBOX_INTERVAL_MS, () =>
      dispatchOutbox(app.db, transports, (error, id) =>
        app.log.warn({ err: error, outbox_id: id }, 'message not sent; will retry'),
      ),
    );
    jobs.every('order-timeout', ORDER_TIMEOUT_INTERVAL_MS, () => expireOrders(app.db));
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    for (const transport of Object.values(transports)) transport?.close?.();
  });
}

import type { FastifyInstance } from 'fastify';
import { actorOf, adminRoute } from '../../plugins/admin-endpoint.ts';
import { ok } from '../../plugins/envelope.ts';
import { enqueueJob } from '../jobs/queue.ts';
import {
  COUPON_BATCH_JOB,
  createBatch,
  createCoupon,
  createMemberLevel,
  deleteMemberLevel,
  exportBatch,
  getBatch,
  getCoupon,
  goodsPrices,
  listBatchPage,
  listCouponPage,
  listCouponUses,
  memberLevels,
  retryBatch,
  scopeChoices,
  setGoodsPrices,
  updateCouponTerms,
  updateMemberLevel,
} from './promotions-admin.service.ts';

/** The console's promotions endpoints (issue 31): registered with adminRoute from the admin table. */
export async function promotionsAdminRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  /** A write's answer, after this process's read cache is emptied (prices show on goods pages). */
  const changed = async <T>(work: Promise<T>): Promise<T> => {
    const result = await work;
    app.readCache.clear();
    return result;
  };

  adminRoute(app, 'couponList', async (req) => ok(req, await listCouponPage(db, req.query)));
  adminRoute(app, 'couponDetail', async (req) => ok(req, await getCoupon(db, req.query.id)));
  adminRoute(app, 'couponCreate', async (req) => ok(req, await createCoupon(db, actorOf(req), req.body)));
  adminRoute(app, 'couponUpdate', async (req) =>
    ok(req, await updateCouponTerms(db, actorOf(req), req.body)),
  );
  adminRoute(app, 'couponUsage', async (req) => ok(req, await listCouponUses(db, req.query)));
  adminRoute(app, 'couponScopeChoices', async (req) => ok(req, await scopeChoices(db)));

  adminRoute(app, 'couponBatchList', async (req) => ok(req, await listBatchPage(db, req.query)));
  adminRoute(app, 'couponBatchCreate', async (req) => {
    const batch = await createBatch(db, actorOf(req), req.body, (trx, key) =>
      enqueueJob(trx, { name: COUPON_BATCH_JOB, key, runAt: Date.now() }),
    );
    // The worker starts now rather than at its next poll; the answer does not wait for it.
    void app.jobs.kick().catch((error: unknown) => app.log.warn({ err: error }, 'batch job kick failed'));
    return ok(req, batch);
  });
  adminRoute(app, 'couponBatchRetry', async (req) => {
    const batch = await retryBatch(db, actorOf(req), req.body.id);
    void app.jobs.kick().catch((error: unknown) => app.log.warn({ err: error }, 'batch job kick failed'));
    return ok(req, batch);
  });
  adminRoute(app, 'couponBatchStatus', async (req) => ok(req, await getBatch(db, req.query.id)));
  adminRoute(app, 'couponBatchExport', async (req, reply) => {
    const file = await exportBatch(db, actorOf(req), req.query.id, req.locale);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('x-code-count', String(file.count))
      .type('text/csv; charset=utf-8')
      .send(file.body);
  });

  adminRoute(app, 'memberLevelList', async (req) => ok(req, await memberLevels(db)));
  adminRoute(app, 'memberLevelCreate', async (req) =>
    ok(req, await changed(createMemberLevel(db, actorOf(req), req.body))),
  );
  adminRoute(app, 'memberLevelUpdate', async (req) =>
    ok(req, await changed(updateMemberLevel(db, actorOf(req), req.body))),
  );
  adminRoute(app, 'memberLevelDelete', async (req) =>
    ok(req, await changed(deleteMemberLevel(db, actorOf(req), req.body.id))),
  );

  adminRoute(app, 'goodsPrices', async (req) => ok(req, await goodsPrices(db, req.query.id)));
  adminRoute(app, 'goodsPricesSet', async (req) =>
    ok(req, await changed(setGoodsPrices(db, actorOf(req), req.body))),
  );
}

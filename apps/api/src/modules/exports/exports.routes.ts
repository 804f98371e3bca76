import type { FastifyInstance } from 'fastify';
import { localSecret } from '../../keys.ts';
import { actorOf, adminRoute, operatorOf } from '../../plugins/admin-endpoint.ts';
import { ok } from '../../plugins/envelope.ts';
import {
  CONTENT_TYPES,
  type ExportDeps,
  exportBody,
  exportOfLink,
  myExports,
  requestExport,
} from './exports.service.ts';

/** The console's exports (issue 32): registered with adminRoute from the admin table. */
export async function exportsAdminRoutes(app: FastifyInstance): Promise<void> {
  const deps: ExportDeps = {
    db: app.db,
    cipher: app.cardCipher,
    dataDir: app.config.dataDir,
    // Signs the download links: a file under DATA_DIR/keys, shared by the processes of one shop.
    linkSecret: localSecret(app.config.dataDir, 'export-links'),
  };
  // A job was queued: the runner takes it now rather than at its next poll.
  const started = <T extends { mode: string }>(result: T) => {
    if (result.mode === 'job') void app.jobs.kick();
    return result;
  };

  adminRoute(app, 'exportOrders', async (req) =>
    ok(req, started(await requestExport(deps, actorOf(req), 'orders', req.body))),
  );
  adminRoute(app, 'exportLedger', async (req) =>
    ok(req, started(await requestExport(deps, actorOf(req), 'ledger', req.body))),
  );
  adminRoute(app, 'exportKeySales', async (req) =>
    ok(req, started(await requestExport(deps, actorOf(req), 'key_sales', req.body))),
  );
  adminRoute(app, 'exportRefunds', async (req) =>
    ok(req, started(await requestExport(deps, actorOf(req), 'refunds', req.body))),
  );
  adminRoute(app, 'exportDashboard', async (req) =>
    ok(req, started(await requestExport(deps, actorOf(req), 'dashboard', req.body))),
  );
  adminRoute(app, 'exportsList', async (req) => ok(req, await myExports(deps, operatorOf(req).id)));
  adminRoute(app, 'exportDownload', async (req, reply) => {
    const row = await exportOfLink(deps, req.query);
    const body = exportBody(deps, row, (error) => req.log.error({ err: error }, 'export stream failed'));
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${row.file_name}"`)
      .header('x-export-rows', String(row.rows_total))
      .type(CONTENT_TYPES[row.format])
      .send(body) as never;
  });
}

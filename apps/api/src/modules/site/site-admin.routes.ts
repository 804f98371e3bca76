import type { FastifyInstance } from 'fastify';
import { actorOf, adminRoute } from '../../plugins/admin-endpoint.ts';
import { ok } from '../../plugins/envelope.ts';
import { getAdminSettings, type SettingsEnv, updateAdminSettings } from './site-admin.service.ts';

/** The console's settings endpoints (issue 14): registered with adminRoute from the admin table. */
export async function siteAdminRoutes(app: FastifyInstance): Promise<void> {
  const env: SettingsEnv = {
    orderTimeoutMinutes: app.config.orderTimeoutMinutes,
    retentionDays: app.config.retentionDays,
    retentionCodesHours: app.config.retentionCodesHours,
    cacheTtlMs: app.config.cacheTtlMs,
  };
  adminRoute(app, 'settingsGet', async (req) => ok(req, await getAdminSettings(app.db, env)));
  adminRoute(app, 'settingsUpdate', async (req) => {
    const settings = await updateAdminSettings(app.db, actorOf(req), env, req.body);
    // Prices follow the exchange rate: cached goods and sections are read again at once here.
    app.readCache.clear();
    return ok(req, settings);
  });
}

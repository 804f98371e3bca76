import type { FastifyInstance } from 'fastify';
import { adminRoute, operatorOf } from '../../plugins/admin-endpoint.ts';
import { ok } from '../../plugins/envelope.ts';
import { permissionsOf } from '../admin/operator.service.ts';
import { dashboard } from './dashboard.service.ts';

/** The console's dashboard endpoints (issue 15): registered with adminRoute from the admin table. */
export async function dashboardAdminRoutes(app: FastifyInstance): Promise<void> {
  adminRoute(app, 'dashboard', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(req, await dashboard(app.db, permissionsOf(operatorOf(req))));
  });
}

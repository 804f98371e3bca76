import type { FastifyInstance } from 'fastify';

/** The console's dashboard endpoints (issue 15): registered with adminRoute from the admin table. */
export async function dashboardAdminRoutes(app: FastifyInstance): Promise<void> {
  void app;
}

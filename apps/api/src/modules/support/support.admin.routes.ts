import type { FastifyInstance } from 'fastify';

/** The console's support endpoints (issue 15): registered with adminRoute from the admin table. */
export async function supportAdminRoutes(app: FastifyInstance): Promise<void> {
  void app;
}

import type { FastifyInstance } from 'fastify';

/** The console's orders endpoints (issue 15): registered with adminRoute from the admin table. */
export async function orderAdminRoutes(app: FastifyInstance): Promise<void> {
  void app;
}

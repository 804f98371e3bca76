import type { FastifyInstance } from 'fastify';

/** The console's buyers endpoints (issue 15): registered with adminRoute from the admin table. */
export async function buyerAdminRoutes(app: FastifyInstance): Promise<void> {
  void app;
}

import type { FastifyInstance } from 'fastify';

/** The console's refunds endpoints (issue 15): registered with adminRoute from the admin table. */
export async function refundAdminRoutes(app: FastifyInstance): Promise<void> {
  void app;
}

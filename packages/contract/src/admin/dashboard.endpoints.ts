import { adminGet } from './endpoint.ts';

/**
 * The console's dashboard (issue 15): any operator may open it; the API leaves out the parts the
 * operator's permissions do not cover (sales figures: `orders`; low stock: `keys` or `catalog`;
 * waiting deliveries: `orders`; open tickets: `support`).
 */
export const dashboardEndpoints = {
  dashboard: adminGet('/api/admin/dashboard', 'operator'),
};

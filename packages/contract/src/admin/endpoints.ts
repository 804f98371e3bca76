// Every `/api/admin` endpoint (issue 14), one table joined from the areas' tables: the API
// registers its routes from it (`adminRoute`), the console calls `adminApi.call(adminEndpoints.x)`.
// Zod-free, like the buyers' table; only the console's lazily loaded code imports it.
import { authEndpoints } from './auth.endpoints.ts';
import { catalogEndpoints } from './catalog.endpoints.ts';
import { contentEndpoints } from './content.endpoints.ts';
import { keysEndpoints } from './keys.endpoints.ts';
import { ordersEndpoints } from './orders.endpoints.ts';
import { refundsEndpoints } from './refunds.endpoints.ts';
import { buyersEndpoints } from './buyers.endpoints.ts';
import { supportEndpoints } from './support.endpoints.ts';
import { dashboardEndpoints } from './dashboard.endpoints.ts';
import { promotionsEndpoints } from './promotions.endpoints.ts';
import { batchEndpoints } from './batch.endpoints.ts';
import { alertsEndpoints } from './alerts.endpoints.ts';
import { channelsEndpoints } from './channels.endpoints.ts';
import { exportsEndpoints } from './exports.endpoints.ts';

export type { AdminEndpoint } from './endpoint.ts';

export const adminEndpoints = {
  ...authEndpoints,
  ...catalogEndpoints,
  ...keysEndpoints,
  ...contentEndpoints,
  ...ordersEndpoints,
  ...refundsEndpoints,
  ...buyersEndpoints,
  ...supportEndpoints,
  ...dashboardEndpoints,
  ...promotionsEndpoints,
  ...batchEndpoints,
  ...alertsEndpoints,
  ...channelsEndpoints,
  ...exportsEndpoints,
};

export type AdminEndpointName = keyof typeof adminEndpoints;

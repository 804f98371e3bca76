// The schemas and OpenAPI texts of every `/api/admin` endpoint, keyed like `./endpoints.ts`.
import type { EndpointSchema } from '../endpoint-schemas.ts';
import type { AdminEndpointName } from './endpoints.ts';
import { authSchemas } from './auth.schemas.ts';
import { catalogSchemas } from './catalog.schemas.ts';
import { contentSchemas } from './content.schemas.ts';
import { keysSchemas } from './keys.schemas.ts';
import { ordersSchemas } from './orders.schemas.ts';
import { refundsSchemas } from './refunds.schemas.ts';
import { buyersSchemas } from './buyers.schemas.ts';
import { supportSchemas } from './support.schemas.ts';
import { dashboardSchemas } from './dashboard.schemas.ts';
import { promotionsSchemas } from './promotions.schemas.ts';
import { batchSchemas } from './batch.schemas.ts';
import { alertsSchemas } from './alerts.schemas.ts';
import { channelsSchemas } from './channels.schemas.ts';
import { exportsSchemas } from './exports.schemas.ts';

export const adminEndpointSchemas = {
  ...authSchemas,
  ...catalogSchemas,
  ...keysSchemas,
  ...contentSchemas,
  ...ordersSchemas,
  ...refundsSchemas,
  ...buyersSchemas,
  ...supportSchemas,
  ...dashboardSchemas,
  ...promotionsSchemas,
  ...batchSchemas,
  ...alertsSchemas,
  ...channelsSchemas,
  ...exportsSchemas,
} satisfies Record<AdminEndpointName, EndpointSchema>;

import { authFields, authRoutes } from './auth.ts';
import { catalogFields, catalogRoutes } from './catalog.ts';
import { contentFields, contentRoutes } from './content.ts';
import { keysFields, keysRoutes } from './keys.ts';
import { ordersFields, ordersRoutes } from './orders.ts';
import { refundsFields, refundsRoutes } from './refunds.ts';
import { buyersFields, buyersRoutes } from './buyers.ts';
import { supportFields, supportRoutes } from './support.ts';
import { dashboardFields, dashboardRoutes } from './dashboard.ts';
import { promotionsFields, promotionsRoutes } from './promotions.ts';
import { batchFields, batchRoutes } from './batch.ts';
import { alertsFields, alertsRoutes } from './alerts.ts';
import { channelsFields, channelsRoutes } from './channels.ts';
import { exportsFields, exportsRoutes } from './exports.ts';

/** Field labels of every console endpoint, one file per area (validation-messages.ts joins them). */
export const ADMIN_FIELD_LABELS = {
  ...authFields,
  ...catalogFields,
  ...keysFields,
  ...contentFields,
  ...ordersFields,
  ...refundsFields,
  ...buyersFields,
  ...supportFields,
  ...dashboardFields,
  ...promotionsFields,
  ...batchFields,
  ...alertsFields,
  ...channelsFields,
  ...exportsFields,
};
export const ADMIN_ROUTE_LABELS = {
  ...authRoutes,
  ...catalogRoutes,
  ...keysRoutes,
  ...contentRoutes,
  ...ordersRoutes,
  ...refundsRoutes,
  ...buyersRoutes,
  ...supportRoutes,
  ...dashboardRoutes,
  ...promotionsRoutes,
  ...batchRoutes,
  ...alertsRoutes,
  ...channelsRoutes,
  ...exportsRoutes,
};

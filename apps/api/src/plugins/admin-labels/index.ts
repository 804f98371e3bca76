import { authFields, authRoutes } from './auth.ts';
import { catalogFields, catalogRoutes } from './catalog.ts';
import { contentFields, contentRoutes } from './content.ts';
import { keysFields, keysRoutes } from './keys.ts';

/** Field labels of every console endpoint, one file per area (validation-messages.ts joins them). */
export const ADMIN_FIELD_LABELS = { ...authFields, ...catalogFields, ...keysFields, ...contentFields };
export const ADMIN_ROUTE_LABELS = { ...authRoutes, ...catalogRoutes, ...keysRoutes, ...contentRoutes };

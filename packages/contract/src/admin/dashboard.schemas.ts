import type { EndpointSchema } from '../endpoint-schemas.ts';
import type { dashboardEndpoints } from './dashboard.endpoints.ts';

// The console's dashboard (issue 15).
export const dashboardSchemas = {} satisfies Record<keyof typeof dashboardEndpoints, EndpointSchema>;

import type { EndpointSchema } from '../endpoint-schemas.ts';
import type { ordersEndpoints } from './orders.endpoints.ts';

// The console's orders (issue 15).
export const ordersSchemas = {} satisfies Record<keyof typeof ordersEndpoints, EndpointSchema>;

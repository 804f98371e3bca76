import type { EndpointSchema } from '../endpoint-schemas.ts';
import type { buyersEndpoints } from './buyers.endpoints.ts';

// The console's buyers (issue 15).
export const buyersSchemas = {} satisfies Record<keyof typeof buyersEndpoints, EndpointSchema>;

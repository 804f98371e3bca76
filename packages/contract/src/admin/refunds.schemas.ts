import type { EndpointSchema } from '../endpoint-schemas.ts';
import type { refundsEndpoints } from './refunds.endpoints.ts';

// The console's refunds (issue 15).
export const refundsSchemas = {} satisfies Record<keyof typeof refundsEndpoints, EndpointSchema>;

import type { EndpointSchema } from '../endpoint-schemas.ts';
import type { supportEndpoints } from './support.endpoints.ts';

// The console's support (issue 15).
export const supportSchemas = {} satisfies Record<keyof typeof supportEndpoints, EndpointSchema>;

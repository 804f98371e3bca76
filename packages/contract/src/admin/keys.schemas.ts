import type { EndpointSchema } from '../endpoint-schemas.ts';
import type { keysEndpoints } from './keys.endpoints.ts';

export const keysSchemas = {} satisfies Record<keyof typeof keysEndpoints, EndpointSchema>;

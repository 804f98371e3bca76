import type { EndpointSchema } from '../endpoint-schemas.ts';
import type { catalogEndpoints } from './catalog.endpoints.ts';

export const catalogSchemas = {} satisfies Record<keyof typeof catalogEndpoints, EndpointSchema>;

import type { EndpointSchema } from '../endpoint-schemas.ts';
import type { contentEndpoints } from './content.endpoints.ts';

export const contentSchemas = {} satisfies Record<keyof typeof contentEndpoints, EndpointSchema>;

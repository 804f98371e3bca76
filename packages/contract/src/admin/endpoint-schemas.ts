// The schemas and OpenAPI texts of every `/api/admin` endpoint, keyed like `./endpoints.ts`.
import type { EndpointSchema } from '../endpoint-schemas.ts';
import type { AdminEndpointName } from './endpoints.ts';
import { authSchemas } from './auth.schemas.ts';
import { catalogSchemas } from './catalog.schemas.ts';
import { contentSchemas } from './content.schemas.ts';
import { keysSchemas } from './keys.schemas.ts';

export const adminEndpointSchemas = {
  ...authSchemas,
  ...catalogSchemas,
  ...keysSchemas,
  ...contentSchemas,
} satisfies Record<AdminEndpointName, EndpointSchema>;

import type { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';

/** The logged-in operator as GET /api/admin/auth/me answers. */
export type Me = EndpointData<typeof adminEndpoints.adminMe>;
export type AuditEntry = EndpointData<typeof adminEndpoints.auditList>['list'][number];

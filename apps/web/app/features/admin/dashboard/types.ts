import type { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';

/** What GET /api/admin/dashboard answers. */
export type Dashboard = EndpointData<typeof adminEndpoints.dashboard>;
export type Sales = NonNullable<Dashboard['sales']>;

/**
 * A CNY decimal string as a number of yuan, for a chart's scale only: every amount shown as text
 * goes through formatMoney from the string the API sent.
 */
export const yuan = (value: string): number => Number(value);

import type { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';

// The types a buyer's page and its parts share (issue 15).

export type Detail = EndpointData<typeof adminEndpoints.buyerDetail>;
export type Ledger = EndpointData<typeof adminEndpoints.buyerLedger>;
export type LedgerRow = Ledger['list'][number];

export const TABS = ['orders', 'tickets', 'ledger', 'reveals'] as const;
export type Tab = (typeof TABS)[number];

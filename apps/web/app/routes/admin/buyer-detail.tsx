import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import {
  buyerDetailActions,
  buyerDetailLoader,
  BuyerDetail,
} from '../../features/admin/buyers/buyer-detail-page';

// One buyer (issue 15): the account and balance, then tabs for the latest orders, tickets, the
// paged wallet ledger and card-key reveals, and the change history below; disable / enable and a balance
// adjustment from the header. The tab and the ledger's page and type are in the URL.

export const meta = adminMeta('buyers.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = buyerDetailLoader;

export const clientAction = buyerDetailActions;

export default BuyerDetail;

import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import { buyersListLoader, BuyersList } from '../../features/admin/buyers/buyers-list-page';

// The buyers (issue 15): search by email, phone, nickname or id, filter by status, sort by id,
// sign-up time or balance; the filters live in the URL. Phones come masked from the API.

export const meta = adminMeta('buyers.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = buyersListLoader;

export default BuyersList;

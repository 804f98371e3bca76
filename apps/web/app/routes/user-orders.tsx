import type { Route } from './+types/user-orders';
import { pageMeta, type PageHandle } from '../lib/meta';
import { ORDERS_PER_PAGE, parseOrderListParams } from '../lib/order-status';
import { errorMeta } from '../components/error/route-error-boundary';
import { api } from '../lib/api';
import { endpoints } from '@shop/contract/endpoints';
import { loadSignedIn } from '../lib/signed-in-data';
import { deferred } from '../lib/deferred';

export const handle = { page: 'orders' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => errorMeta(args) ?? pageMeta(args, 'orders');
export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';

async function loadData({ request }: Route.ClientLoaderArgs) {
  const { tab, page } = parseOrderListParams(new URL(request.url).searchParams);
  const status = tab === 'all' ? undefined : tab;
  return loadSignedIn(() => api.call(endpoints.orderList, { page, limit: ORDERS_PER_PAGE, status }));
}

// The page itself is a chunk its clientLoader fetches (next to its data, if any; lib/deferred.ts):
// the server renders the login guard's placeholder, and the page shows once the clientLoader has run.
const page = deferred(() => import('../features/order/orders-page').then((m) => m.default));

export async function clientLoader(args: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([loadData(args), page.preload()]);
  return data;
}

export default function OrdersPage(props: Route.ComponentProps) {
  return <page.Component {...props} />;
}

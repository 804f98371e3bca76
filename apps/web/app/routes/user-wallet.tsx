import type { Route } from './+types/user-wallet';
import { errorMeta } from '../components/error/route-error-boundary';
import { pageMeta, type PageHandle } from '../lib/meta';
import { api } from '../lib/api';
import { endpoints } from '@shop/contract/endpoints';
import { loadSignedIn } from '../lib/signed-in-data';
import { deferred } from '../lib/deferred';

export const handle = { page: 'wallet' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => errorMeta(args) ?? pageMeta(args, 'wallet');
export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';

/** How many ledger entries the wallet shows; the asset log has them all. */
const RECENT = 5;

async function loadData() {
  return loadSignedIn(() => api.call(endpoints.balanceLog, { page: 1, limit: RECENT }));
}

// The page itself is a chunk its clientLoader fetches (next to its data, if any; lib/deferred.ts):
// the server renders the login guard's placeholder, and the page shows once the clientLoader has run.
const page = deferred(() => import('../features/wallet/wallet-page').then((m) => m.default));

export async function clientLoader() {
  const [data] = await Promise.all([loadData(), page.preload()]);
  return data;
}

export default function WalletPage(props: Route.ComponentProps) {
  return <page.Component {...props} />;
}

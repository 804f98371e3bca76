import type { Route } from './+types/user-asset-log';
import { errorMeta } from '../components/error/route-error-boundary';
import { LEDGER_PER_PAGE, parseLedgerParams } from '../features/wallet/ledger';
import { pageMeta, type PageHandle } from '../lib/meta';
import { api } from '../lib/api';
import { endpoints } from '@shop/contract/endpoints';
import { loadSignedIn } from '../lib/signed-in-data';
import { deferred } from '../lib/deferred';

export const handle = { page: 'assetLog' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => errorMeta(args) ?? pageMeta(args, 'assetLog');
export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';

async function loadData({ request }: Route.ClientLoaderArgs) {
  const { page, ...filter } = parseLedgerParams(new URL(request.url).searchParams);
  return loadSignedIn(() => api.call(endpoints.balanceLog, { ...filter, page, limit: LEDGER_PER_PAGE }));
}

// The page itself is a chunk its clientLoader fetches (next to its data, if any; lib/deferred.ts):
// the server renders the login guard's placeholder, and the page shows once the clientLoader has run.
const page = deferred(() => import('../features/wallet/ledger-page').then((m) => m.default));

export async function clientLoader(args: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([loadData(args), page.preload()]);
  return data;
}

export default function AssetLogPage(props: Route.ComponentProps) {
  return <page.Component {...props} />;
}

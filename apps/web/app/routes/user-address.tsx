import type { Route } from './+types/user-address';
import { pageMeta, type PageHandle } from '../lib/meta';
import { errorMeta } from '../components/error/route-error-boundary';
import { addressApi } from '../features/address/address-api';
import { loadSignedIn } from '../lib/signed-in-data';
import { deferred } from '../lib/deferred';

export const handle = { page: 'address' } satisfies PageHandle;
export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';
export const meta: Route.MetaFunction = (args) => errorMeta(args) ?? pageMeta(args, 'address');

async function loadData() {
  return loadSignedIn(() => addressApi.list());
}

// The page itself is a chunk its clientLoader fetches (next to its data, if any; lib/deferred.ts):
// the server renders the login guard's placeholder, and the page shows once the clientLoader has run.
const page = deferred(() => import('../features/address/address-page').then((m) => m.default));

export async function clientLoader() {
  const [data] = await Promise.all([loadData(), page.preload()]);
  return data;
}

export default function AddressPage(props: Route.ComponentProps) {
  return <page.Component {...props} />;
}

import type { Route } from './+types/cart';
import { pageMeta, type PageHandle } from '../lib/meta';
import { errorMeta } from '../components/error/route-error-boundary';
import { deferred } from '../lib/deferred';

export const handle = { page: 'cart' } satisfies PageHandle;
export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';
export const meta: Route.MetaFunction = (args) => errorMeta(args) ?? pageMeta(args, 'cart');

// The page itself is a chunk its clientLoader fetches (next to its data, if any; lib/deferred.ts):
// the server renders the login guard's placeholder, and the page shows once the clientLoader has run.
const page = deferred(() => import('../features/cart/cart-page').then((m) => m.default));

export async function clientLoader() {
  await page.preload();
  return null;
}

export default function CartPage(props: Route.ComponentProps) {
  return <page.Component {...props} />;
}

import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/user-order-detail';
import { DetailSkeleton } from '../components/order/order-skeletons';
import { UserShell } from '../components/user/user-shell';
import { errorMeta } from '../components/error/route-error-boundary';
import { deferred } from '../lib/deferred';
import { pageMeta, type PageHandle } from '../lib/meta';
import type { Order } from '../lib/order';
import type { Loaded } from '../lib/signed-in-data';
import { orderClientLoader } from '../components/order/order-page';

export const handle = { page: 'orderDetail' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => errorMeta(args) ?? pageMeta(args, 'orderDetail');
export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';

export { orderLoader as loader } from '../components/order/order-page';

// The order's detail (status, items, address, payment and delivery polling) loads next to the
// order (lib/deferred.ts).
const body = deferred(() => import('../components/order/order-detail-body').then((m) => m.default));

export async function clientLoader(args: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([orderClientLoader(args), body.preload()]);
  return data;
}
clientLoader.hydrate = true as const;

export async function clientAction(args: Route.ClientActionArgs) {
  const { orderAction } = await import('../lib/order-action');
  return orderAction(args);
}

/** One of the buyer's orders (issue 6). No guard is listed (SPEC §2): logged out, the login card. */
export default function OrderDetailPage({ loaderData }: Route.ComponentProps) {
  return <DetailContent key={loaderData.oid} oid={loaderData.oid} loaded={loaderData.order} />;
}

/** What the server renders, and the browser until the order has loaded: the page's skeleton. */
export function HydrateFallback({ params }: Route.HydrateFallbackProps) {
  return <DetailContent oid={params.oid} />;
}

function DetailContent({ oid, loaded }: { oid: string; loaded?: Loaded<Order> }) {
  const { t } = useTranslation();
  return (
    <UserShell title={t('pages.orderDetail.heading')} subtitle={t('order.number', { oid })}>
      <body.Component loaded={loaded} fallback={<DetailSkeleton />} />
    </UserShell>
  );
}

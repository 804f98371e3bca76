import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/user-order-detail';
import { DetailSkeleton } from '../features/order/order-skeletons';
import { UserShell } from '../components/ui/user-shell';
import { errorMeta } from '../components/error/route-error-boundary';
import { lazyPart } from '../lib/lazy-part';
import { pageMeta, type PageHandle } from '../lib/meta';
import { orderClientLoader, OrderPageFrame } from '../features/order/order-page';

export const handle = { page: 'orderDetail' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => errorMeta(args) ?? pageMeta(args, 'orderDetail');
export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';
export { orderServerLoader as loader, privatePage as headers } from '../features/order/order-loader.server';

// The order's detail (status, items, address, payment and delivery polling): a chunk of its own,
// rendered in full by the server when it has the order (lib/lazy-part.ts).
const body = lazyPart(() => import('../features/order/order-detail-body').then((m) => m.default), {
  fallback: <DetailSkeleton />,
});
void body.preload().catch(() => undefined);

export async function clientLoader(args: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([orderClientLoader(args), body.preload()]);
  return data;
}

export async function clientAction(args: Route.ClientActionArgs) {
  const { orderAction } = await import('../features/order/order-action');
  return orderAction(args);
}

/**
 * One of the buyer's orders (issue 6). No guard is listed (SPEC §2): logged out, the login card.
 * The server renders it with the buyer's session cookie, else its skeleton (decision 049).
 */
export default function OrderDetailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { oid, order } = loaderData;
  return (
    <OrderPageFrame data={loaderData}>
      <UserShell title={t('pages.orderDetail.heading')} subtitle={t('order.number', { oid })}>
        <body.Component key={oid} loaded={order} />
      </UserShell>
    </OrderPageFrame>
  );
}

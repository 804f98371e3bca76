import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/user-order-checkout';
import { errorMeta } from '../components/error/route-error-boundary';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { CheckoutSkeleton } from '../features/order/order-skeletons';
import { lazyPart } from '../lib/lazy-part';
import { pageMeta, type PageHandle } from '../lib/meta';
import { orderClientLoader, OrderPageFrame } from '../features/order/order-page';

export const handle = { page: 'checkout' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => errorMeta(args) ?? pageMeta(args, 'checkout');
export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';
export { orderServerLoader as loader, privatePage as headers } from '../features/order/order-loader.server';

// The order's checkout (items, address, pay panel): a chunk of its own, rendered in full by the
// server when it has the order (lib/lazy-part.ts).
const body = lazyPart(() => import('../features/order/checkout-body').then((m) => m.default), {
  fallback: <CheckoutSkeleton />,
});
void body.preload().catch(() => undefined);

export async function clientLoader(args: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([orderClientLoader(args), body.preload()]);
  return data;
}

/** Cancel (in the pay panel); a payment or an address is sent by its own component. */
export async function clientAction(args: Route.ClientActionArgs) {
  const { orderAction } = await import('../features/order/order-action');
  return orderAction(args);
}

/**
 * Checkout of one order (issue 6). SPEC §2 lists no guard, but the order is the buyer's: logged
 * out, the page shows the "please log in" card. The server renders it with the buyer's session
 * cookie, else its skeleton (decision 049).
 */
export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { oid, order } = loaderData;
  return (
    <OrderPageFrame data={loaderData}>
      <PageContainer className="max-w-5xl">
        <PageHeader
          title={t('pages.checkout.heading')}
          subtitle={t('order.number', { oid })}
          crumbs={[{ label: t('nav.orders'), to: '/user/order' }]}
        />
        <body.Component key={oid} loaded={order} />
      </PageContainer>
    </OrderPageFrame>
  );
}

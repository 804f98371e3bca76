import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/user-order-checkout';
import { errorMeta } from '../components/error/route-error-boundary';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { CheckoutSkeleton } from '../components/order/order-skeletons';
import { deferred } from '../lib/deferred';
import { pageMeta, type PageHandle } from '../lib/meta';
import type { Order } from '../lib/order';
import type { Loaded } from '../lib/signed-in-data';
import { orderClientLoader } from '../components/order/order-page';

export const handle = { page: 'checkout' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => errorMeta(args) ?? pageMeta(args, 'checkout');
export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';

export { orderLoader as loader } from '../components/order/order-page';

// The order's checkout (items, address, pay panel) loads next to the order (lib/deferred.ts).
const body = deferred(() => import('../components/order/checkout-body').then((m) => m.default));

export async function clientLoader(args: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([orderClientLoader(args), body.preload()]);
  return data;
}
clientLoader.hydrate = true as const;

/** Cancel (in the pay panel); a payment or an address is sent by its own component. */
export async function clientAction(args: Route.ClientActionArgs) {
  const { orderAction } = await import('../lib/order-action');
  return orderAction(args);
}

/**
 * Checkout of one order (issue 6). SPEC §2 lists no guard, but the order is the buyer's: logged
 * out, the page shows the "please log in" card; the order itself loads in the browser.
 */
export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  return <Checkout key={loaderData.oid} oid={loaderData.oid} loaded={loaderData.order} />;
}

/** What the server renders, and the browser until the order has loaded: the page's skeleton. */
export function HydrateFallback({ params }: Route.HydrateFallbackProps) {
  return <Checkout oid={params.oid} />;
}

function Checkout({ oid, loaded }: { oid: string; loaded?: Loaded<Order> }) {
  const { t } = useTranslation();
  return (
    <PageContainer className="max-w-5xl">
      <PageHeader
        title={t('pages.checkout.heading')}
        subtitle={t('order.number', { oid })}
        crumbs={[{ label: t('nav.orders'), to: '/user/order' }]}
      />
      <body.Component loaded={loaded} fallback={<CheckoutSkeleton />} />
    </PageContainer>
  );
}

import type { Route } from './+types/user-order-card';
import { errorMeta } from '../components/error/route-error-boundary';
import { pageMeta, type PageHandle } from '../lib/meta';
import {
  ALL_CARDS_PER_PAGE,
  CARDS_PER_PAGE,
  parseAllCardsParams,
  parseCardsParams,
} from '../features/card-keys/card-keys-params';
import { api } from '../lib/api';
import { endpoints } from '@shop/contract/endpoints';
import { loadSignedIn } from '../lib/signed-in-data';
import { CardsPage, content, toolbar } from '../features/card-keys/cards-page';

export const handle = { page: 'orderCard' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => errorMeta(args) ?? pageMeta(args, 'orderCard');
export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';

/** All the buyer's keys (a search, a page of them), or the keys of one order (`?oid=`). */
async function loadCards({ request }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams;
  const target = parseCardsParams(search);
  if (target.kind === 'missing') {
    const { keyword, page } = parseAllCardsParams(search);
    return {
      // lib/card-keys-api.ts's `list`, called here so the first load does without that module.
      all: await loadSignedIn(() =>
        api.call(endpoints.orderCards, { page, limit: ALL_CARDS_PER_PAGE, keyword: keyword || undefined }),
      ),
    };
  }
  if (target.kind === 'invalid') return {};
  const { oid, page } = target;
  // The order itself says whether it is the buyer's (the key list of a foreign order is just empty)
  // and, when there are no keys, why.
  const order = await loadSignedIn(async () => {
    const [order, cards] = await Promise.all([
      api.call(endpoints.orderDetail, { oid }),
      api.call(endpoints.orderCards, { oid, page, limit: CARDS_PER_PAGE }),
    ]);
    return { order, cards };
  });
  return { order };
}

void toolbar.preload().catch(() => undefined);

export async function clientLoader(args: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([loadCards(args), content.preload()]);
  return data;
}

/**
 * The buyer's card keys. Without `?oid=`, all of them, newest first, grouped by order (issue 12,
 * decision 034); with it, the delivered keys of that order (issue 7, decision 020). Each is masked
 * until revealed, with the goods' usage instructions. No guard is listed (SPEC §2): logged out,
 * the login card.
 */
export default function OrderCardPage({ loaderData }: Route.ComponentProps) {
  return <CardsPage loaded={loaderData} />;
}

/** What the server renders, and the browser until the keys have loaded: the page's skeleton. */
export function HydrateFallback() {
  return <CardsPage />;
}

import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/user-order-card';
import { CardSafetyNote, CardsSkeleton } from '../features/card-keys/card-states';
import { errorMeta } from '../components/error/route-error-boundary';
import { UserShell } from '../components/ui/user-shell';
import { ChevronRightIcon, KeyIcon } from '../components/ui/icons';
import { pageMeta, type PageHandle } from '../lib/meta';
import {
  ALL_CARDS_PATH,
  ALL_CARDS_PER_PAGE,
  CARDS_PER_PAGE,
  parseAllCardsParams,
  parseCardsParams,
} from '../features/card-keys/card-keys-params';
import { deferred } from '../lib/deferred';
import { lazyPart } from '../lib/lazy-part';
import { ORDER_DETAIL_PATH } from '../lib/order';
import { api } from '../lib/api';
import { endpoints } from '@shop/contract/endpoints';
import { loadSignedIn } from '../lib/signed-in-data';

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

// The keys' list (reveal, export, groups) loads next to the keys (lib/deferred.ts).
const content = deferred(() => import('../features/card-keys/cards-content').then((m) => m.default));
// The search of all keys, shown (server-rendered) while they load, hydrates once its chunk is here.
const toolbar = lazyPart(() => import('../features/card-keys/card-toolbar').then((m) => m.CardsToolbar));
void toolbar.preload().catch(() => undefined);

export async function clientLoader(args: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([loadCards(args), content.preload()]);
  return data;
}

type CardsData = Route.ComponentProps['loaderData'];

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

function CardsPage({ loaded }: { loaded?: CardsData }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const target = parseCardsParams(params);
  const oid = target.kind === 'order' ? target.oid : undefined;
  return (
    <UserShell
      title={t('pages.orderCard.heading')}
      subtitle={
        oid ? t('order.number', { oid }) : target.kind === 'missing' ? t('cardKeys.subtitle') : undefined
      }
      actions={
        target.kind === 'missing' ? undefined : (
          <div className="flex flex-wrap gap-2">
            <Link to={ALL_CARDS_PATH} className="btn-outline h-10 px-4" data-testid="cards-all">
              <KeyIcon size={16} />
              {t('cardKeys.allKeys')}
            </Link>
            {oid ? (
              <Link to={ORDER_DETAIL_PATH(oid)} className="btn-outline h-10 px-4" data-testid="cards-back">
                <ChevronRightIcon size={16} className="rotate-180" />
                {t('orderCard.backToOrder')}
              </Link>
            ) : null}
          </div>
        )
      }
    >
      {/* Keyed by the order: another order's page starts with nothing revealed. */}
      <content.Component
        key={oid ?? target.kind}
        target={target}
        loaded={loaded}
        fallback={target.kind === 'missing' ? <AllCardsLoading /> : <CardsSkeleton />}
      />
    </UserShell>
  );
}

/** What the all-keys page shows until its list has loaded, as the list itself does (card-all.tsx). */
function AllCardsLoading() {
  const [params] = useSearchParams();
  return (
    <div className="space-y-5">
      <CardSafetyNote />
      <toolbar.Component keyword={parseAllCardsParams(params).keyword} />
      <CardsSkeleton />
    </div>
  );
}

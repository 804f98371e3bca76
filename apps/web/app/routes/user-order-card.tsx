import { useCallback, useState } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/user-order-card';
import { CardGroup } from '../components/order/card-group';
import { AllCards } from '../components/order/card-all';
import { CardSafetyNote, CardsSkeleton, NoCards } from '../components/order/card-states';
import { LoadFailed, OrderNotFound } from '../components/order/order-states';
import { errorMeta } from '../components/error/route-error-boundary';
import { UserShell } from '../components/user/user-shell';
import { LoginRequired } from '../components/user/login-required';
import { ChevronRightIcon, KeyIcon } from '../components/ui/icons';
import { Pagination } from '../components/ui/pagination';
import { ALL_CARDS_PATH } from '../lib/card-keys';
import { pageMeta, type PageHandle } from '../lib/meta';
import {
  ALL_CARDS_PER_PAGE,
  CARDS_PER_PAGE,
  groupCards,
  parseAllCardsParams,
  parseCardsParams,
  type CardsTarget,
} from '../lib/card-keys';
import { cardKeysApi } from '../lib/card-keys-api';
import { ORDER_DETAIL_PATH, ORDER_CARDS_PATH } from '../lib/order';
import { api } from '../lib/api';
import { endpoints } from '@shop/contract/endpoints';
import { pageCount } from '../lib/pagination';
import { useUserStore } from '../stores/user';
import { loadSignedIn, useKeptData, useReloading, useReloadOnLogin } from '../lib/signed-in-data';

export const handle = { page: 'orderCard' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => errorMeta(args) ?? pageMeta(args, 'orderCard');
export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';

/** All the buyer's keys (a search, a page of them), or the keys of one order (`?oid=`). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams;
  const target = parseCardsParams(search);
  if (target.kind === 'missing') {
    const { keyword, page } = parseAllCardsParams(search);
    return {
      all: await loadSignedIn(() => cardKeysApi.list({ page, limit: ALL_CARDS_PER_PAGE, keyword })),
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

type CardsData = Route.ComponentProps['loaderData'];
type OrderCardsData = NonNullable<CardsData['order']>;

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
      <CardsContent key={oid ?? target.kind} target={target} loaded={loaded} />
    </UserShell>
  );
}

function CardsContent({ target, loaded }: { target: CardsTarget; loaded?: CardsData }) {
  if (target.kind === 'missing') return <AllKeys loaded={loaded?.all} />;
  if (target.kind === 'invalid') return <OrderNotFound />;
  return <OrderCards oid={target.oid} page={target.page} loaded={loaded?.order} />;
}

function AllKeys({ loaded }: { loaded: CardsData['all'] }) {
  const { revalidate } = useRevalidator();
  const reloading = useReloading();
  useReloadOnLogin();
  return (
    <AllCards
      result={useKeptData(loaded)}
      failed={loaded?.status === 'failed' || loaded?.status === 'missing'}
      reloading={reloading}
      onRetry={() => void revalidate()}
    />
  );
}

function OrderCards({ oid, page, loaded }: { oid: string; page: number; loaded?: OrderCardsData }) {
  const { t } = useTranslation();
  const tokenChecked = useUserStore((s) => s.tokenChecked);
  const token = useUserStore((s) => s.token);
  const { revalidate } = useRevalidator();
  const reloading = useReloading();
  const data = useKeptData(loaded);
  useReloadOnLogin();
  // Revealed secrets stay shown until the page is left, across its pages and languages. Revealing
  // changes nothing the page loaded, so it is a plain call rather than a clientAction.
  const [secrets, setSecrets] = useState<ReadonlyMap<number, string>>(() => new Map());
  const reveal = useCallback(async (id: number) => {
    const card = await api.call(endpoints.cardReveal, { id });
    setSecrets((prev) => new Map(prev).set(card.id, card.secret));
  }, []);

  if (tokenChecked && !token) return <LoginRequired testId="page-login-prompt" />;
  if (loaded?.status === 'missing') return <OrderNotFound />;
  if (loaded?.status === 'failed' && !data) return <LoadFailed onRetry={() => void revalidate()} framed />;
  if (!data) return <CardsSkeleton />;
  const { order, cards: result } = data;
  if (result.total === 0) return <NoCards order={order} />;

  const groups = groupCards(result.list);
  return (
    <div className="space-y-5">
      <CardSafetyNote />
      <p className="text-sm text-stone-600" data-testid="cards-total">
        {t('orderCard.delivered', { count: result.total })}
      </p>
      {groups.length ? (
        <div
          className={`space-y-5 transition-opacity ${reloading ? 'opacity-60' : ''}`}
          aria-busy={reloading || undefined}
          aria-label={t('orderCard.list')}
          role="region"
        >
          {groups.map((group) => (
            <CardGroup
              key={`${group.goodsName}|${group.cards[0]?.id}`}
              group={group}
              secrets={secrets}
              onReveal={reveal}
            />
          ))}
        </div>
      ) : (
        <div className="card flex flex-col items-center gap-4 p-10 text-center">
          <p className="text-sm text-stone-600">{t('orderCard.pageEmpty')}</p>
          <Link to={ORDER_CARDS_PATH(oid)} className="btn-outline">
            {t('pagination.first')}
          </Link>
        </div>
      )}
      <Pagination page={page} pages={pageCount(result.total, result.limit || CARDS_PER_PAGE)} />
    </div>
  );
}

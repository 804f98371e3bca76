import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/user-order-card';
import { CardGroup } from '../components/order/card-group';
import { AllCards } from '../components/order/card-all';
import { CardSafetyNote, CardsSkeleton, NoCards } from '../components/order/card-states';
import { LoadFailed, OrderNotFound } from '../components/order/order-states';
import { isMissing, useRemote } from '../components/order/use-remote';
import { UserShell } from '../components/user/user-shell';
import { LoginRequired } from '../components/user/login-required';
import { ChevronRightIcon, KeyIcon } from '../components/ui/icons';
import { Pagination } from '../components/ui/pagination';
import { ALL_CARDS_PATH } from '../lib/card-keys';
import { pageMeta, type PageHandle } from '../lib/meta';
import {
  CARDS_PER_PAGE,
  groupCards,
  ORDER_DETAIL_PATH,
  ORDER_CARDS_PATH,
  parseCardsParams,
  type CardsTarget,
} from '../lib/order';
import { orderApi } from '../lib/order-api';
import { pageCount } from '../lib/pagination';
import { useUserStore } from '../stores/user';

export const handle = { page: 'orderCard' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'orderCard');

/**
 * The buyer's card keys. Without `?oid=`, all of them, newest first, grouped by order (issue 12,
 * decision 034); with it, the delivered keys of that order (issue 7, decision 020). Each is masked
 * until revealed, with the goods' usage instructions. No guard is listed (SPEC §2): logged out,
 * the login card.
 */
export default function OrderCardPage() {
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
      <CardsContent key={oid ?? target.kind} target={target} />
    </UserShell>
  );
}

function CardsContent({ target }: { target: CardsTarget }) {
  if (target.kind === 'missing') return <AllCards />;
  if (target.kind === 'invalid') return <OrderNotFound />;
  return <OrderCards oid={target.oid} page={target.page} />;
}

function OrderCards({ oid, page }: { oid: string; page: number }) {
  const { t, i18n } = useTranslation();
  const tokenChecked = useUserStore((s) => s.tokenChecked);
  const token = useUserStore((s) => s.token);
  const ready = tokenChecked && Boolean(token);
  // The order itself says whether it is the buyer's (the key list of a foreign order is just empty)
  // and, when there are no keys, why.
  const detail = useRemote(ready ? `${oid}|${i18n.language}` : null, () => orderApi.detail(oid));
  const cards = useRemote(ready ? `${oid}|${page}|${i18n.language}` : null, () =>
    orderApi.cards({ oid, page, limit: CARDS_PER_PAGE }),
  );
  // Revealed secrets stay shown until the page is left, across its pages and languages.
  const [secrets, setSecrets] = useState<ReadonlyMap<number, string>>(() => new Map());
  const reveal = useCallback(async (id: number) => {
    const card = await orderApi.revealCard(id);
    setSecrets((prev) => new Map(prev).set(card.id, card.secret));
  }, []);
  const retry = () => {
    detail.reload();
    cards.reload();
  };

  if (tokenChecked && !token) return <LoginRequired testId="page-login-prompt" />;
  if (isMissing(detail.error) || isMissing(cards.error)) return <OrderNotFound />;
  if ((detail.error && !detail.data) || (cards.error && !cards.data))
    return <LoadFailed onRetry={retry} framed />;
  const order = detail.data;
  const result = cards.data;
  if (!order || !result) return <CardsSkeleton />;
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
          className={`space-y-5 transition-opacity ${cards.loading ? 'opacity-60' : ''}`}
          aria-busy={cards.loading || undefined}
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

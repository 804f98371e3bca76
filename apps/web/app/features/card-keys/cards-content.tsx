// The card keys of the buyer or of one order once they have loaded (routes/user-order-card.tsx):
// fetched by the page's clientLoader next to the keys (lib/deferred.ts), not part of the first load.
import { useCallback, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import type { Route } from '../../routes/+types/user-order-card';
import { CardGroup } from './card-group';
import { AllCards } from './card-all';
import { CardSafetyNote, CardsSkeleton } from './card-states';
import { EmptyState } from '../../components/ui/empty-state';
import { KeyIcon } from '../../components/ui/icons';
import { LoadFailed, OrderNotFound } from '../../components/ui/order-states';
import { LoginRequired } from '../../components/ui/login-required';
import { Pagination } from '../../components/ui/pagination';
import { CARDS_PER_PAGE, groupCards, noCardsReason, type CardsTarget } from './card-keys';
import { CHECKOUT_PATH, ORDER_CARDS_PATH, ORDER_DETAIL_PATH, type Order } from '../../lib/order';
import { api } from '../../lib/api';
import { endpoints } from '@shop/contract/endpoints';
import { pageCount } from '../../lib/pagination';
import { useUserStore } from '../../stores/user';
import { useKeptData, useReloading } from '../../lib/signed-in-data';
import { useReloadOnLogin } from '../../stores/reload-on-login';
import { KeysWithdrawn, refundsOf } from '../order';

type CardsData = Route.ComponentProps['loaderData'];
type OrderCardsData = NonNullable<CardsData['order']>;

export default function CardsContent({ target, loaded }: { target: CardsTarget; loaded?: CardsData }) {
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

/** One of the buyer's orders without delivered keys: why, and the next step. */
export function NoCards({ order }: { order: Order }) {
  const { t } = useTranslation();
  const reason = noCardsReason(order);
  // Keys a refund withdrew (decision 058): said so, rather than "no keys yet".
  if (reason === 'notYet' && refundsOf(order).keys_withdrawn?.length)
    return (
      <div className="card p-5 sm:p-6" data-testid="cards-empty" data-reason="withdrawn">
        <KeysWithdrawn testId="cards-withdrawn" />
        <div className="mt-5 flex justify-center">
          <Link to={ORDER_DETAIL_PATH(order.oid)} className="btn-outline">
            {t('orderCard.backToOrder')}
          </Link>
        </div>
      </div>
    );
  const back = (
    <Link to={ORDER_DETAIL_PATH(order.oid)} className="btn-outline">
      {t('orderCard.backToOrder')}
    </Link>
  );
  return (
    <div className="card" data-testid="cards-empty" data-reason={reason}>
      <EmptyState
        icon={<KeyIcon size={28} />}
        title={t(`orderCard.empty.${reason}.title`)}
        description={t(`orderCard.empty.${reason}.text`)}
        action={
          reason === 'unpaid' ? (
            <div className="flex flex-wrap justify-center gap-3">
              {back}
              <Link to={CHECKOUT_PATH(order.oid)} className="btn-primary">
                {t('orders.pay')}
              </Link>
            </div>
          ) : (
            back
          )
        }
      />
    </div>
  );
}

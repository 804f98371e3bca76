import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import type { Route } from '../../routes/+types/user-order-card';
import { CardSafetyNote, CardsSkeleton } from './card-states';
import { UserShell } from '../../components/ui/user-shell';
import { ChevronRightIcon, KeyIcon } from '../../components/ui/icons';
import { ALL_CARDS_PATH, parseAllCardsParams, parseCardsParams } from './card-keys-params';
import { deferred } from '../../lib/deferred';
import { lazyPart } from '../../lib/lazy-part';
import { ORDER_DETAIL_PATH } from '../../lib/order';

type CardsData = Route.ComponentProps['loaderData'];

// The keys' list (reveal, export, groups) loads next to the keys (lib/deferred.ts).
export const content = deferred(() => import('./cards-content').then((m) => m.default));
// The search of all keys, shown (server-rendered) while they load, hydrates once its chunk is here.
export const toolbar = lazyPart(() => import('./card-toolbar').then((m) => m.CardsToolbar));

/** The page of card keys (all of them, or one order's), around its list (cards-content.tsx). */
export function CardsPage({ loaded }: { loaded?: CardsData }) {
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

import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import {
  ALL_CARDS_PATH,
  ALL_CARDS_PER_PAGE,
  allCardsHref,
  groupByOrder,
  parseAllCardsParams,
  type CardPage,
  type RevealedKey,
} from './card-keys';
import { cardKeysApi } from './card-keys-api';
import { pageCount } from '../../lib/pagination';
import { useUserStore } from '../../stores/user';
import { LoginRequired } from '../../components/ui/login-required';
import { EmptyState } from '../../components/ui/empty-state';
import { KeyIcon, SearchIcon } from '../../components/ui/icons';
import { Pagination } from '../../components/ui/pagination';
import { CardSafetyNote, CardsSkeleton } from './card-states';
import { CardsToolbar } from './card-toolbar';
import { CardOrderGroup } from './card-order-group';
import { LoadFailed } from '../../components/ui/order-states';

/**
 * /user/order/card without ?oid= (issue 12, decision 034): every delivered key of the buyer,
 * newest first, grouped by order, with search, paging and the CSV export of revealed keys. Secrets
 * revealed here stay shown across pages and searches until the page is left. The page's
 * clientLoader loads the list (`result`, undefined while none came; `failed`: its pop-up said why).
 */
export function AllCards({
  result,
  failed,
  reloading,
  onRetry,
}: {
  result: CardPage | undefined;
  failed: boolean;
  reloading: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { keyword, page } = parseAllCardsParams(params);
  const tokenChecked = useUserStore((s) => s.tokenChecked);
  const token = useUserStore((s) => s.token);
  const [secrets, setSecrets] = useState<ReadonlyMap<number, string>>(() => new Map());
  const [revealedAll, setRevealedAll] = useState<ReadonlyMap<string, RevealedKey[]>>(() => new Map());

  const reveal = useCallback(async (id: number) => {
    const card = await cardKeysApi.reveal(id);
    setSecrets((prev) => new Map(prev).set(card.id, card.secret));
  }, []);
  const revealAll = useCallback(async (oid: string) => {
    const answer = await cardKeysApi.revealAll(oid);
    setSecrets((prev) => {
      const next = new Map(prev);
      for (const key of answer.list) next.set(key.id, key.secret);
      return next;
    });
    setRevealedAll((prev) => new Map(prev).set(oid, answer.list));
  }, []);

  if (tokenChecked && !token) return <LoginRequired testId="page-login-prompt" />;

  let body;
  if (failed && !result) body = <LoadFailed onRetry={onRetry} framed />;
  else if (!result) body = <CardsSkeleton />;
  else if (result.total === 0)
    body = keyword ? (
      <div className="card" data-testid="cards-no-match">
        <EmptyState
          icon={<SearchIcon size={28} />}
          title={t('cardKeys.noMatchTitle')}
          description={t('cardKeys.noMatchText', { keyword })}
          action={
            <Link to={ALL_CARDS_PATH} className="btn-outline">
              {t('cardKeys.clearSearch')}
            </Link>
          }
        />
      </div>
    ) : (
      <div className="card" data-testid="cards-none">
        <EmptyState
          icon={<KeyIcon size={28} />}
          title={t('cardKeys.emptyTitle')}
          description={t('cardKeys.emptyText')}
          action={
            <Link to="/" className="btn-primary">
              {t('cardKeys.shop')}
            </Link>
          }
        />
      </div>
    );
  else if (result.list.length === 0)
    body = (
      <div className="card flex flex-col items-center gap-4 p-10 text-center">
        <p className="text-sm text-stone-600">{t('orderCard.pageEmpty')}</p>
        <Link to={allCardsHref({ keyword })} className="btn-outline">
          {t('pagination.first')}
        </Link>
      </div>
    );
  else
    body = (
      <>
        <p className="text-sm text-stone-600" data-testid="cards-total" aria-live="polite">
          {keyword
            ? t('cardKeys.matches', { count: result.total, keyword })
            : t('cardKeys.count', { count: result.total })}
        </p>
        <div
          className={`space-y-5 transition-opacity ${reloading ? 'opacity-60' : ''}`}
          aria-busy={reloading || undefined}
          aria-label={t('cardKeys.list')}
          role="region"
        >
          {groupByOrder(result.list).map((order) => (
            <CardOrderGroup
              key={order.oid}
              order={order}
              secrets={secrets}
              revealedAll={revealedAll.get(order.oid)}
              onReveal={reveal}
              onRevealAll={revealAll}
            />
          ))}
        </div>
        <Pagination page={page} pages={pageCount(result.total, result.limit || ALL_CARDS_PER_PAGE)} />
      </>
    );

  return (
    <div className="space-y-5">
      <CardSafetyNote />
      <CardsToolbar keyword={keyword} />
      {body}
    </div>
  );
}

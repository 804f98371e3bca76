import { useCallback, useState } from 'react';
import { Form, Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import {
  ALL_CARDS_PATH,
  ALL_CARDS_PER_PAGE,
  allCardsHref,
  groupByOrder,
  KEYWORD_MAX,
  parseAllCardsParams,
  type CardPage,
  type RevealedKey,
} from '../../lib/card-keys';
import { cardKeysApi, downloadRevealedKeys } from '../../lib/card-keys-api';
import { message } from '../../lib/toast';
import { orderApi } from '../../lib/order-api';
import { pageCount } from '../../lib/pagination';
import { useUserStore } from '../../stores/user';
import { LoginRequired } from '../user/login-required';
import { EmptyState } from '../ui/empty-state';
import { CloseIcon, Icon, KeyIcon, SearchIcon } from '../ui/icons';
import { Pagination } from '../ui/pagination';
import { CardSafetyNote, CardsSkeleton } from './card-states';
import { CardOrderGroup } from './card-order-group';
import { LoadFailed } from './order-states';

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
    const card = await orderApi.revealCard(id);
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
      <Toolbar keyword={keyword} />
      {body}
    </div>
  );
}

/** The search box (a GET form: it works before hydration too) and the export button. */
function Toolbar({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  return (
    <div className="card p-3 sm:p-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <Form
          method="get"
          action={ALL_CARDS_PATH}
          role="search"
          className="flex min-w-0 flex-1 gap-2"
          data-testid="cards-search"
        >
          <label htmlFor="card-search" className="sr-only">
            {t('cardKeys.searchLabel')}
          </label>
          <div className="relative min-w-0 flex-1 md:max-w-md">
            <SearchIcon
              size={18}
              className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-stone-500"
            />
            <input
              // Re-mounted on navigation so the box shows the keyword of the list being viewed.
              key={keyword}
              id="card-search"
              type="search"
              name="keyword"
              defaultValue={keyword}
              placeholder={t('cardKeys.searchPlaceholder')}
              enterKeyHint="search"
              autoComplete="off"
              maxLength={KEYWORD_MAX}
              className={`input h-10 pl-9 ${keyword ? 'pr-10' : ''} [&::-webkit-search-cancel-button]:hidden`}
            />
            {keyword ? (
              <Link
                to={ALL_CARDS_PATH}
                className="absolute top-1/2 right-1 flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-stone-500 hover:bg-stone-100 hover:text-stone-900"
                data-testid="cards-clear"
                title={t('cardKeys.clearSearch')}
              >
                <CloseIcon size={16} />
                <span className="sr-only">{t('cardKeys.clearSearch')}</span>
              </Link>
            ) : null}
          </div>
          <button type="submit" className="btn-primary h-10 shrink-0 px-4">
            {t('cardKeys.search')}
          </button>
        </Form>
        <ExportButton />
      </div>
      <p id="cards-export-hint" className="mt-2 text-xs text-stone-500">
        {t('cardKeys.exportHint')}
      </p>
    </div>
  );
}

function ExportButton() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      const outcome = await downloadRevealedKeys({
        network: t('errors.network'),
        invalid: t('errors.invalidResponse'),
      });
      if (outcome.kind === 'saved') message.success(t('cardKeys.exported', { count: outcome.count }));
      else if (outcome.kind === 'empty') message.info(t('cardKeys.exportEmpty'));
      else message.error(outcome.msg);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      onClick={run}
      disabled={busy}
      aria-busy={busy || undefined}
      className="btn-outline h-10 shrink-0 px-4"
      aria-describedby="cards-export-hint"
      data-testid="cards-export"
    >
      <DownloadIcon />
      {busy ? t('cardKeys.exporting') : t('cardKeys.export')}
    </button>
  );
}

/** A download arrow (used only here: it stays out of the icons every page loads). */
function DownloadIcon() {
  return (
    <Icon size={16}>
      <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 20h14" />
    </Icon>
  );
}

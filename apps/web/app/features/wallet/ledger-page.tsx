// The page of routes/user-asset-log.tsx, fetched by its clientLoader next to its data (lib/deferred.ts):
// not part of the page's first load (issue 16).
import type { FormEvent } from 'react';
import { Link, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import type { Route } from '../../routes/+types/user-asset-log';
import { UserShell } from '../../components/ui/user-shell';
import { EmptyState } from '../../components/ui/empty-state';
import { ListIcon } from '../../components/ui/icons';
import { Pagination } from '../../components/ui/pagination';
import { isFiltered, LEDGER_PER_PAGE, LEDGER_TYPES, parseLedgerParams, type LedgerFilter } from './ledger';
import { LedgerList, LedgerLoadFailed, LedgerSkeleton } from './ledger-list';
import { withParams } from '../../lib/catalog-params';
import { pageCount } from '../../lib/pagination';
import { loadedData, loadFailed, useReloading } from '../../lib/signed-in-data';

/** The wallet ledger (GET /api/front/user/balanceLog, SPEC §7) with its type and day filters. */
export default function AssetLogPage({ loaderData: loaded }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { revalidate } = useRevalidator();
  const reloading = useReloading();
  const { page, ...filter } = parseLedgerParams(params);
  const result = loadedData(loaded);
  const filtered = isFiltered(filter);

  let body;
  if (loadFailed(loaded)) body = <LedgerLoadFailed onRetry={() => void revalidate()} />;
  else if (!result) body = <LedgerSkeleton />;
  else if (result.list.length === 0)
    body = (
      <EmptyState
        icon={<ListIcon size={28} />}
        title={t('assetLog.emptyTitle')}
        description={t(filtered ? 'assetLog.emptyFiltered' : 'assetLog.emptyText')}
        action={
          filtered ? (
            <Link to="?" className="btn-outline">
              {t('assetLog.reset')}
            </Link>
          ) : undefined
        }
      />
    );
  else
    body = (
      <div
        className={`transition-opacity ${reloading ? 'opacity-60' : ''}`}
        aria-busy={reloading || undefined}
      >
        <LedgerList entries={result.list} label={t('assetLog.list')} />
      </div>
    );

  return (
    <UserShell title={t('pages.assetLog.heading')}>
      <div className="card">
        {/* A new filter starts again at page 1; the key resets the fields when the URL changes. */}
        <LedgerFilterForm key={params.toString()} filter={filter} />
        {body}
      </div>
      {result && result.total > 0 ? (
        <Pagination page={page} pages={pageCount(result.total, result.limit || LEDGER_PER_PAGE)} />
      ) : null}
    </UserShell>
  );
}

function LedgerFilterForm({ filter }: { filter: LedgerFilter }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => {
      const v = data.get(name);
      return typeof v === 'string' && v ? v : undefined;
    };
    void navigate(withParams('', { type: value('type'), from: value('from'), to: value('to') }));
  }

  const label = 'mb-1 block text-xs font-medium text-stone-700';
  return (
    <form
      role="search"
      aria-label={t('assetLog.filter')}
      onSubmit={onSubmit}
      className="grid grid-cols-2 gap-3 border-b border-stone-100 p-4 sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end sm:px-5"
    >
      <div className="col-span-2 sm:col-span-1">
        <label htmlFor="ledger-type" className={label}>
          {t('assetLog.type')}
        </label>
        <select id="ledger-type" name="type" defaultValue={filter.type ?? ''} className="input h-10">
          <option value="">{t('assetLog.types.all')}</option>
          {LEDGER_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`assetLog.types.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="ledger-from" className={label}>
          {t('assetLog.from')}
        </label>
        <input
          id="ledger-from"
          name="from"
          type="date"
          defaultValue={filter.from ?? ''}
          className="input h-10"
        />
      </div>
      <div>
        <label htmlFor="ledger-to" className={label}>
          {t('assetLog.to')}
        </label>
        <input id="ledger-to" name="to" type="date" defaultValue={filter.to ?? ''} className="input h-10" />
      </div>
      <div className="col-span-2 flex gap-2 sm:col-span-1">
        <button type="submit" className="btn-primary h-10 flex-1 px-5">
          {t('assetLog.apply')}
        </button>
        {isFiltered(filter) ? (
          <Link to="?" className="btn-outline h-10 flex-1 px-4">
            {t('assetLog.reset')}
          </Link>
        ) : null}
      </div>
    </form>
  );
}

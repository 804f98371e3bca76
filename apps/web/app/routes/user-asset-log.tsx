import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/user-asset-log';
import { UserShell } from '../components/user/user-shell';
import { EmptyState } from '../components/ui/empty-state';
import { ListIcon } from '../components/ui/icons';
import { pageMeta, type PageHandle } from '../lib/meta';

export const handle = { page: 'assetLog' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'assetLog');

const FILTERS = ['all', 'income', 'expense'] as const;

export default function AssetLogPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const type = FILTERS.find((f) => f === params.get('type')) ?? 'all';
  return (
    <UserShell title={t('pages.assetLog.heading')}>
      <div className="card">
        <nav aria-label={t('assetLog.filter')} className="flex gap-1 border-b border-stone-100 px-3 pt-2">
          {FILTERS.map((f) => (
            <Link
              key={f}
              to={f === 'all' ? '?' : `?type=${f}`}
              aria-current={f === type ? 'page' : undefined}
              className={`border-b-2 px-3 py-2.5 text-sm ${
                f === type
                  ? 'border-brand-700 font-semibold text-brand-800'
                  : 'border-transparent text-stone-600 hover:text-stone-900'
              }`}
            >
              {t(`assetLog.types.${f}`)}
            </Link>
          ))}
        </nav>
        <EmptyState
          icon={<ListIcon size={28} />}
          title={t('assetLog.emptyTitle')}
          description={t('assetLog.emptyText')}
        />
      </div>
    </UserShell>
  );
}

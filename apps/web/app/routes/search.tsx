import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/search';
import { EmptyState } from '../components/ui/empty-state';
import { SearchIcon } from '../components/ui/icons';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { pageMeta, type PageHandle } from '../lib/meta';

export const handle = { page: 'search' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'search');

export default function SearchPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim();
  return (
    <PageContainer>
      <PageHeader
        title={keyword ? t('search.resultsFor', { keyword }) : t('pages.search.heading')}
        subtitle={keyword ? undefined : t('search.hint')}
      />
      <div className="card">
        {keyword ? (
          <EmptyState
            icon={<SearchIcon size={28} />}
            title={t('search.noResults', { keyword })}
            description={t('search.noResultsHint')}
            action={
              <Link to="/" className="btn-outline">
                {t('common.browseHome')}
              </Link>
            }
          />
        ) : (
          <EmptyState
            icon={<SearchIcon size={28} />}
            title={t('search.emptyTitle')}
            description={t('search.emptyText')}
          />
        )}
      </div>
    </PageContainer>
  );
}

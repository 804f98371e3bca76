import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import type { Route } from '../../routes/+types/search';
import { GoodsGrid, ListBusy } from '../goods';
import { EmptyState } from '../../components/ui/empty-state';
import { SearchIcon } from '../../components/ui/icons';
import { PageContainer, PageHeader } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import { withParams } from '../../lib/catalog-params';
import { pageCount } from '../../lib/pagination';

export function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const { keyword, categoryId, results, categories } = loaderData;
  const pages = results ? pageCount(results.total, results.limit) : 1;
  // A search that found nothing shows its empty state alone: no category chips to narrow nothing.
  const nothingFound = results !== null && results.list.length === 0;
  return (
    <PageContainer>
      <PageHeader
        title={keyword ? t('search.resultsFor', { keyword }) : t('pages.search.heading')}
        subtitle={results ? t('search.count', { count: results.total }) : t('search.hint')}
      />
      {categories.length && !nothingFound ? (
        <nav aria-label={t('search.filter')} className="-mx-1 mb-5 overflow-x-auto px-1 py-1">
          <ul className="flex min-w-max gap-2">
            {[{ id: undefined, name: t('search.allCategories') }, ...categories].map((category) => {
              const active = (category.id ?? null) === categoryId;
              return (
                <li key={category.id ?? 'all'}>
                  <Link
                    to={withParams(search, { category_id: category.id, page: undefined })}
                    aria-current={active ? 'true' : undefined}
                    className={`inline-flex h-8 items-center rounded-full px-3.5 text-sm font-medium whitespace-nowrap ring-1 transition-colors ${
                      active
                        ? 'bg-brand-700 text-white ring-brand-700'
                        : 'bg-white text-stone-700 ring-stone-300 hover:text-brand-800 hover:ring-brand-700'
                    }`}
                  >
                    {category.name}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}
      <ListBusy pathname="/search">
        {results && !nothingFound ? (
          <>
            <h2 className="sr-only">{t('search.results')}</h2>
            <GoodsGrid goods={results.list} eagerCount={4} />
          </>
        ) : results ? (
          <div className="card" data-testid="search-empty">
            <EmptyState
              icon={<SearchIcon size={28} />}
              title={keyword ? t('search.noResults', { keyword }) : t('search.noResultsInCategory')}
              description={t('search.noResultsHint')}
              action={
                keyword && categoryId !== null ? (
                  <Link
                    to={withParams(search, { category_id: undefined, page: undefined })}
                    className="btn-outline"
                  >
                    {t('search.searchAllCategories')}
                  </Link>
                ) : (
                  <Link to="/" className="btn-outline">
                    {t('common.browseHome')}
                  </Link>
                )
              }
            />
          </div>
        ) : (
          <div className="card">
            <EmptyState
              icon={<SearchIcon size={28} />}
              title={t('search.emptyTitle')}
              description={t('search.emptyText')}
            />
          </div>
        )}
      </ListBusy>
      {results ? <Pagination page={results.page} pages={pages} /> : null}
    </PageContainer>
  );
}

import { Link, useLocation } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/search';
import { GoodsGrid } from '../features/goods/goods-card';
import { ListBusy } from '../features/goods/list-busy';
import { EmptyState } from '../components/ui/empty-state';
import { SearchIcon } from '../components/ui/icons';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { Pagination } from '../components/ui/pagination';
import { endpoints } from '@shop/contract/endpoints';
import type { CategoryNode, GoodsCard, Paged } from '../lib/catalog';
import { parseOptionalId, parsePage, withParams } from '../lib/catalog-params';
import { catalogApi, isMissing } from '../lib/catalog.server';
import { metaT, pageMeta, type PageHandle } from '../lib/meta';
import { pageCount } from '../lib/pagination';
import { errorMeta } from '../components/error/route-error-boundary';

export const handle = { page: 'search' } satisfies PageHandle;

const PAGE_SIZE = 20;
const KEYWORD_MAX = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const keyword = (search.get('keyword') ?? '').trim().slice(0, KEYWORD_MAX);
  const categoryId = parseOptionalId(search.get('category_id'));
  const page = parsePage(search.get('page'));
  const { http } = catalogApi(request, context);
  const empty: Paged<GoodsCard> = { list: [], total: 0, page, limit: PAGE_SIZE };
  const [results, categories] = await Promise.all([
    keyword || categoryId
      ? http
          .call(endpoints.goodsSearch, {
            keyword,
            category_id: categoryId,
            page,
            limit: PAGE_SIZE,
          })
          .catch((error: unknown) => {
            // A query the API refuses (say, an unknown category) simply finds nothing.
            if (isMissing(error)) return empty;
            throw error;
          })
      : null,
    http.call(endpoints.categoryList).catch((): CategoryNode[] => []),
  ]);
  return { keyword, categoryId: categoryId ?? null, results, categories };
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';
export const meta: Route.MetaFunction = (args) => {
  const error = errorMeta(args);
  if (error) return error;
  const keyword = args.loaderData?.keyword;
  return [
    ...pageMeta(args, 'search', {
      title: keyword ? metaT(args)('search.resultsFor', { keyword }) : undefined,
      path: keyword ? `/search?keyword=${encodeURIComponent(keyword)}` : '/search',
    }),
    // Result lists change all the time and duplicate the category pages.
    { name: 'robots', content: 'noindex, follow' },
  ];
};

export default function SearchPage({ loaderData }: Route.ComponentProps) {
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

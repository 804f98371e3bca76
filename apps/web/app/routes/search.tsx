import type { Route } from './+types/search';
import { endpoints } from '@shop/contract/endpoints';
import type { CategoryNode, GoodsCard, Paged } from '../lib/catalog';
import { parseOptionalId, parsePage } from '../lib/catalog-params';
import { catalogApi, isMissing } from '../lib/catalog.server';
import { metaT, pageMeta, type PageHandle } from '../lib/meta';
import { errorMeta } from '../components/error/route-error-boundary';
import { SearchPage } from '../features/search/search-page';

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

export default SearchPage;

import type { Route } from './+types/category';
import { endpoints } from '@shop/contract/endpoints';
import { CATEGORY_PATH, type CategoryNode } from '../lib/catalog';
import { parsePage, parseSort } from '../lib/catalog-params';
import { catalogApi, orNotFound } from '../lib/catalog.server';
import { metaT, pageMeta, type PageHandle } from '../lib/meta';
import { requireNumericId } from '../lib/params';
import { errorMeta } from '../components/error/route-error-boundary';
import { CategoryPage, pagination, sortControl } from '../features/goods/category-page';

export const handle = { page: 'category' } satisfies PageHandle;

const PAGE_SIZE = 20;

void Promise.all([sortControl.preload(), pagination.preload()]).catch(() => undefined);

/** A client-side navigation: the page's data and its controls together, so the page shows at once. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), sortControl.preload(), pagination.preload()]);
  return data;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = requireNumericId(params.id);
  const search = new URL(request.url).searchParams;
  const sort = parseSort(search.get('sort'));
  const page = parsePage(search.get('page'));
  const { http } = catalogApi(request, context);
  const [data, tree] = await Promise.all([
    orNotFound(http.call(endpoints.categoryGoods, { id, page, limit: PAGE_SIZE, sort })),
    // Only for the breadcrumb and the side list: the page stands without it.
    http.call(endpoints.categoryList).catch((): CategoryNode[] => []),
  ]);
  return { ...data, sort, tree };
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';
export const meta: Route.MetaFunction = (args) => {
  const error = errorMeta(args);
  if (error) return error;
  const data = args.loaderData;
  if (!data) return pageMeta(args, 'category');
  const { category, page, list } = data;
  const names = list
    .slice(0, 4)
    .map((g) => g.name)
    .join(metaT(args)('common.listSeparator'));
  return pageMeta(args, 'category', {
    title: category.name,
    description: names ? metaT(args)('category.metaDescription', { name: category.name, names }) : undefined,
    image: list[0]?.image || category.icon || undefined,
    path: `${CATEGORY_PATH(category.id)}${page > 1 ? `?page=${page}` : ''}`,
  });
};

export default CategoryPage;

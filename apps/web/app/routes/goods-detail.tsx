import { endpoints } from '@shop/contract/endpoints';
import type { Route } from './+types/goods-detail';
import { categoryPath, type CategoryNode, GOODS_PATH, paragraphs } from '../lib/catalog';
import { catalogApi, orNotFound } from '../lib/catalog.server';
import { metaT, pageMeta, type PageHandle } from '../lib/meta';
import { requireNumericId } from '../lib/params';
import { errorMeta } from '../components/error/route-error-boundary';
import { GoodsPage, purchase } from '../features/goods/goods-page';

export const handle = { page: 'goods' } satisfies PageHandle;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = requireNumericId(params.id);
  const { http } = catalogApi(request, context);
  const [goods, tree] = await Promise.all([
    orNotFound(http.call(endpoints.goodsDetail, { id })),
    // Only for the parents in the breadcrumb.
    http.call(endpoints.categoryList).catch((): CategoryNode[] => []),
  ]);
  const path = categoryPath(tree, goods.category.id);
  const crumbs = (path.length ? path : [goods.category]).map((c) => ({ id: c.id, name: c.name }));
  return { goods, crumbs };
}

void purchase.preload().catch(() => undefined);

/** A client-side navigation: the goods and the purchase chunk together, so the page shows at once. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), purchase.preload()]);
  return data;
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';
export const meta: Route.MetaFunction = (args) => {
  const error = errorMeta(args);
  if (error) return error;
  const goods = args.loaderData?.goods;
  if (!goods) return pageMeta(args, 'goods');
  const summary = paragraphs(goods.description)[0] ?? '';
  return pageMeta(args, 'goods', {
    title: goods.name,
    description:
      [goods.subtitle, summary].filter(Boolean).join(metaT(args)('common.sentenceSeparator')) || undefined,
    image: goods.image,
    type: 'product',
    path: GOODS_PATH(goods.id),
  });
};

export default GoodsPage;

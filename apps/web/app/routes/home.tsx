import type { Route } from './+types/home';
import { type HomeModule } from '../features/content/module-section';
import { endpoints } from '@shop/contract/endpoints';
import { catalogApi } from '../lib/catalog.server';
import { pageMeta, type PageHandle } from '../lib/meta';
import { errorMeta } from '../components/error/route-error-boundary';
import { HomePage } from '../features/content/home-page';

export const handle = { page: 'home' } satisfies PageHandle;

/** Goods per home module: two rows of the widest grid. */
const MODULE_LIMIT = 10;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { http } = catalogApi(request, context);
  const failures: unknown[] = [];
  // One part failing leaves the rest of the page up; nothing at all because of failures is an
  // error page.
  const settle = <T,>(call: Promise<T>, fallback: T) =>
    call.catch((error: unknown) => {
      failures.push(error);
      return fallback;
    });
  const modulesWithGoods = settle(http.call(endpoints.customModuleList, { position: 'home' }), []).then(
    (modules) =>
      Promise.all(
        modules.map((module): Promise<HomeModule> =>
          settle(
            http.call(endpoints.customModuleGoods, {
              id: module.id,
              page: 1,
              limit: MODULE_LIMIT,
            }),
            { list: [], total: 0, page: 1, limit: MODULE_LIMIT },
          ).then((page) => ({ ...module, goods: page.list })),
        ),
      ),
  );
  const [swipers, modules, categories] = await Promise.all([
    settle(http.call(endpoints.swiperList, { position: 'home' }), []),
    modulesWithGoods,
    settle(http.call(endpoints.categoryList), []),
  ]);
  if (failures.length && !swipers.length && !modules.length && !categories.length) throw failures[0];
  return { swipers, modules: modules.filter((m) => m.goods.length > 0), categories };
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';
export const meta: Route.MetaFunction = (args) =>
  errorMeta(args) ?? pageMeta(args, 'home', { path: '/', image: args.loaderData?.swipers[0]?.image });

export default HomePage;

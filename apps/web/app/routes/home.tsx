import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/home';
import { BannerCarousel } from '../features/content/banner-carousel';
import { CategoryStrip } from '../features/content/category-strip';
import { ModuleSection, type HomeModule } from '../features/content/module-section';
import { BoltIcon, ShieldIcon, TicketIcon } from '../components/ui/icons';
import { endpoints } from '@shop/contract/endpoints';
import { flattenCategories } from '../lib/catalog';
import { catalogApi } from '../lib/catalog.server';
import { pageMeta, type PageHandle } from '../lib/meta';
import { errorMeta } from '../components/error/route-error-boundary';

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

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { swipers, modules, categories } = loaderData;
  const features = [
    { icon: <BoltIcon size={16} />, text: t('home.features.instant') },
    { icon: <ShieldIcon size={16} />, text: t('home.features.official') },
    { icon: <TicketIcon size={16} />, text: t('home.features.cards') },
  ];
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-4 sm:px-6 sm:py-6 lg:px-8">
      <BannerCarousel slides={swipers} />

      <div className="mt-4 flex flex-col gap-2 sm:mt-6 md:flex-row md:items-center md:justify-between">
        <h1 className="text-base font-bold tracking-tight text-stone-900 sm:text-xl">
          {t('pages.home.heading')}
        </h1>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700 sm:text-sm">
          {features.map((f) => (
            <li key={f.text} className="flex items-center gap-1 text-stone-700">
              <span className="text-brand-700">{f.icon}</span>
              {f.text}
            </li>
          ))}
        </ul>
      </div>

      <CategoryStrip categories={flattenCategories(categories)} />

      {modules.map((module) => (
        <ModuleSection key={module.id} module={module} />
      ))}
    </div>
  );
}

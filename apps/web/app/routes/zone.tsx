import type { Route } from './+types/zone';
import { endpoints } from '@shop/contract/endpoints';
import { catalogApi, orNotFound } from '../lib/catalog.server';
import { pageMeta, type PageHandle } from '../lib/meta';
import { requireNumericId } from '../lib/params';
import { errorMeta } from '../components/error/route-error-boundary';
import { ZonePage } from '../features/content/zone-page';

export const handle = { page: 'zone' } satisfies PageHandle;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = requireNumericId(params.id);
  const { http } = catalogApi(request, context);
  const zone = await orNotFound(http.call(endpoints.zoneDetail, { id }));
  return { zone };
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';
export const meta: Route.MetaFunction = (args) => {
  const error = errorMeta(args);
  if (error) return error;
  const zone = args.loaderData?.zone;
  if (!zone) return pageMeta(args, 'zone');
  return pageMeta(args, 'zone', {
    title: zone.name,
    description: zone.subtitle || undefined,
    image: zone.banner || undefined,
    path: `/zone/${zone.id}`,
  });
};

export default ZonePage;

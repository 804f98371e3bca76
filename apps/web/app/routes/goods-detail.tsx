import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/goods-detail';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { Skeleton, SkeletonText } from '../components/ui/skeleton';
import { pageMeta, type PageHandle } from '../lib/meta';
import { requireNumericId } from '../lib/params';

export const handle = { page: 'goods' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'goods');

export function loader({ params }: Route.LoaderArgs) {
  return { id: requireNumericId(params.id) };
}

export default function GoodsDetailPage() {
  const { t } = useTranslation();
  return (
    <PageContainer>
      <PageHeader title={t('pages.goods.heading')} />
      <div
        role="status"
        aria-busy="true"
        aria-label={t('common.loading')}
        className="card grid gap-8 p-5 sm:p-8 md:grid-cols-2"
      >
        <Skeleton className="aspect-square w-full rounded-2xl" />
        <div aria-hidden="true">
          <Skeleton className="h-8 w-4/5" />
          <Skeleton className="mt-3 h-4 w-1/2" />
          <div className="mt-6 rounded-xl bg-stone-50 p-4">
            <Skeleton className="h-9 w-40" />
          </div>
          <Skeleton className="mt-6 h-4 w-24" />
          <div className="mt-3 grid grid-cols-3 gap-2">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-11 rounded-lg" />
            ))}
          </div>
          <div className="mt-8 flex gap-3">
            <Skeleton className="h-12 flex-1 rounded-xl" />
            <Skeleton className="h-12 flex-1 rounded-xl" />
          </div>
        </div>
      </div>
      <div aria-hidden="true" className="card mt-6 p-6 sm:p-8">
        <Skeleton className="h-5 w-32" />
        <SkeletonText lines={5} className="mt-5" />
      </div>
    </PageContainer>
  );
}

import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/user-order-detail';
import { UserShell } from '../components/user/user-shell';
import { Skeleton, SkeletonText } from '../components/ui/skeleton';
import { pageMeta, type PageHandle } from '../lib/meta';
import { requireOrderId } from '../lib/params';

export const handle = { page: 'orderDetail' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'orderDetail');

export function loader({ params }: Route.LoaderArgs) {
  return { oid: requireOrderId(params.oid) };
}

export default function OrderDetailPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <UserShell title={t('pages.orderDetail.heading')} subtitle={t('order.number', { oid: loaderData.oid })}>
      <div role="status" aria-busy="true" aria-label={t('common.loading')} className="space-y-6">
        <div aria-hidden="true" className="card flex items-center gap-4 p-5 sm:p-6">
          <Skeleton className="size-12 rounded-full" />
          <SkeletonText lines={2} className="flex-1" />
        </div>
        <div aria-hidden="true" className="card space-y-4 p-5 sm:p-6">
          {Array.from({ length: 2 }, (_, i) => (
            <div key={i} className="flex gap-3">
              <Skeleton className="size-16 rounded-lg" />
              <SkeletonText lines={2} className="flex-1" />
            </div>
          ))}
        </div>
        <div aria-hidden="true" className="card p-5 sm:p-6">
          <SkeletonText lines={4} />
        </div>
      </div>
    </UserShell>
  );
}

import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/zone';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { Skeleton, SkeletonGrid } from '../components/ui/skeleton';
import { pageMeta, type PageHandle } from '../lib/meta';
import { requireNumericId } from '../lib/params';

export const handle = { page: 'zone' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'zone');

export function loader({ params }: Route.LoaderArgs) {
  return { id: requireNumericId(params.id) };
}

export default function ZonePage() {
  const { t } = useTranslation();
  return (
    <PageContainer>
      <PageHeader title={t('pages.zone.heading')} />
      <Skeleton className="aspect-[3/1] w-full rounded-3xl sm:aspect-[4/1]" />
      <section aria-label={t('pages.zone.heading')} className="mt-8">
        <Skeleton className="mb-4 h-6 w-40" />
        <SkeletonGrid count={8} label={t('home.loadingGoods')} />
      </section>
    </PageContainer>
  );
}

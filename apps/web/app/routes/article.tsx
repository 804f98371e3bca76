import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/article';
import { Skeleton, SkeletonText } from '../components/ui/skeleton';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { pageMeta, type PageHandle } from '../lib/meta';
import { requireNumericId } from '../lib/params';

export const handle = { page: 'article' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'article');

export function loader({ params }: Route.LoaderArgs) {
  return { id: requireNumericId(params.id) };
}

export default function ArticlePage() {
  const { t } = useTranslation();
  return (
    <PageContainer className="max-w-4xl">
      <PageHeader title={t('pages.article.heading')} />
      <div role="status" aria-busy="true" aria-label={t('common.loading')} className="card p-6 sm:p-8">
        <Skeleton className="h-7 w-3/4" />
        <div className="mt-3 flex gap-3">
          <Skeleton className="h-3.5 w-24" />
          <Skeleton className="h-3.5 w-16" />
        </div>
        <Skeleton className="mt-6 aspect-[21/9] w-full rounded-xl" />
        <SkeletonText lines={5} className="mt-6" />
        <SkeletonText lines={4} className="mt-6" />
      </div>
    </PageContainer>
  );
}

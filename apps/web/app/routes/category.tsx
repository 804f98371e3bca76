import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/category';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { Skeleton, SkeletonGrid } from '../components/ui/skeleton';
import { pageMeta, type PageHandle } from '../lib/meta';
import { requireNumericId } from '../lib/params';

export const handle = { page: 'category' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'category');

export function loader({ params }: Route.LoaderArgs) {
  return { id: requireNumericId(params.id) };
}

export default function CategoryPage() {
  const { t } = useTranslation();
  return (
    <PageContainer>
      <PageHeader title={t('pages.category.heading')} />
      <div className="flex flex-col gap-6 lg:flex-row">
        <aside aria-hidden="true" className="card hidden h-fit p-4 lg:block lg:w-56 lg:shrink-0">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="mb-3 h-4 w-3/4 last:mb-0" />
          ))}
        </aside>
        <div className="min-w-0 flex-1">
          <div aria-hidden="true" className="mb-4 flex gap-2">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-8 w-16 rounded-full" />
            ))}
          </div>
          <SkeletonGrid count={8} label={t('home.loadingGoods')} />
        </div>
      </div>
    </PageContainer>
  );
}

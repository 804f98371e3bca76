import type { Route } from './+types/user-update';
import { pageMeta, type PageHandle } from '../lib/meta';
import { errorMeta } from '../components/error/route-error-boundary';
import { deferred } from '../lib/deferred';
import { useTranslation } from '../i18n/use-translation';
import { UserShell } from '../components/ui/user-shell';
import { SkeletonText } from '../components/ui/skeleton';

export const handle = { page: 'profile' } satisfies PageHandle;
export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';
export const meta: Route.MetaFunction = (args) => errorMeta(args) ?? pageMeta(args, 'profile');

// The page itself is a chunk its clientLoader fetches (next to its data, if any; lib/deferred.ts):
// the server renders the login guard's placeholder, and the page shows once the clientLoader has run.
const page = deferred(() => import('../features/account/profile-page').then((m) => m.default));

export async function clientLoader() {
  await page.preload();
  return null;
}

export default function ProfilePage(props: Route.ComponentProps) {
  return <page.Component {...props} fallback={<HydrateFallback />} />;
}

/**
 * What the server renders, and the browser until the clientLoader has fetched the page: the page
 * as it shows itself loading (its heading, the account menu, a skeleton).
 */
export function HydrateFallback() {
  const { t } = useTranslation();
  return (
    <UserShell title={t('pages.profile.heading')}>
      <div role="status" aria-busy="true" aria-label={t('common.loading')} className="card max-w-2xl p-6">
        <SkeletonText lines={6} />
      </div>
    </UserShell>
  );
}

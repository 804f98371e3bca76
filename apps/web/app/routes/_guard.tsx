import { LoginRequired } from '../components/ui/login-required';
import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { UserShell } from '../components/ui/user-shell';
import { LoadingRegion, SkeletonText } from '../components/ui/skeleton';
import type { PageHandle, PageKey } from '../lib/meta';
import { useUiStore } from '../stores/ui';
import { useUserStore } from '../stores/user';
import { useReloadOnLogin } from '../stores/reload-on-login';

export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';

function usePageKey(): PageKey {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as Partial<PageHandle> | undefined;
    if (handle?.page) return handle.page;
  }
  return 'userCenter';
}

/**
 * Login guard for the SPEC §2 pages marked "yes". The token is only in localStorage, so the server
 * renders a neutral placeholder and the browser decides after hydration: no token → the page
 * content stays hidden and the login dialog opens.
 */
export default function LoginGuard() {
  const location = useLocation();
  const tokenChecked = useUserStore((s) => s.tokenChecked);
  const token = useUserStore((s) => s.token);
  const showLogin = useUiStore((s) => s.showLogin);
  // The pages' clientLoaders ran without a token: after the login, again.
  useReloadOnLogin();

  useEffect(() => {
    if (tokenChecked && !token) showLogin();
  }, [tokenChecked, token, location.key, showLogin]);

  if (tokenChecked && token) return <Outlet />;
  return <GuardFrame>{tokenChecked ? <LoginRequired /> : <Pending />}</GuardFrame>;
}

/**
 * The placeholder the server renders, and the browser until the page's clientLoader has run: the
 * guarded pages give no HydrateFallback of their own, so React Router shows this one.
 */
export function HydrateFallback() {
  return (
    <GuardFrame>
      <Pending />
    </GuardFrame>
  );
}

/**
 * The page's heading over what the guard shows in place of the page. An account page's frame is
 * its own (UserShell: breadcrumb and section menu), so the page takes the placeholder's place
 * without moving what is already on screen (the wallet's and support's layout shift, issue 16).
 */
function GuardFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const page = usePageKey();
  const { pathname } = useLocation();
  const title = t(`pages.${page}.heading`);
  if (pathname.startsWith('/user/'))
    return (
      <UserShell title={title} home={page === 'userCenter'}>
        {children}
      </UserShell>
    );
  return (
    <PageContainer>
      <PageHeader title={title} />
      {children}
    </PageContainer>
  );
}

function Pending() {
  return (
    <LoadingRegion className="card p-6" testId="guard-pending">
      <SkeletonText lines={4} />
    </LoadingRegion>
  );
}

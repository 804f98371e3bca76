import { LoginRequired } from '../components/user/login-required';
import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { SkeletonText } from '../components/ui/skeleton';
import type { PageHandle, PageKey } from '../lib/meta';
import { useUiStore } from '../stores/ui';
import { useUserStore } from '../stores/user';

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
  const { t } = useTranslation();
  const location = useLocation();
  const tokenChecked = useUserStore((s) => s.tokenChecked);
  const token = useUserStore((s) => s.token);
  const showLogin = useUiStore((s) => s.showLogin);
  const page = usePageKey();

  useEffect(() => {
    if (tokenChecked && !token) showLogin();
  }, [tokenChecked, token, location.key, showLogin]);

  if (tokenChecked && token) return <Outlet />;

  const title = t(`pages.${page}.heading`);
  return (
    <PageContainer>
      <PageHeader title={title} />
      {!tokenChecked ? (
        <div
          role="status"
          aria-busy="true"
          aria-label={t('common.loading')}
          className="card p-6"
          data-testid="guard-pending"
        >
          <SkeletonText lines={4} />
        </div>
      ) : (
        <LoginRequired />
      )}
    </PageContainer>
  );
}

import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useUiStore } from '../../stores/ui';
import { useUserStore } from '../../stores/user';
import { UserIcon } from '../ui/icons';

// The dropdown (Radix) only downloads for signed-in visitors.
const UserMenu = lazy(() => import('./user-menu'));
const preloadLogin = () => void import('../../features/account/login-dialog');
const preloadRegister = () => void import('../../features/account/register-dialog');

export function AuthActions() {
  const { t } = useTranslation();
  const tokenChecked = useUserStore((s) => s.tokenChecked);
  const token = useUserStore((s) => s.token);
  const showLogin = useUiStore((s) => s.showLogin);
  const showRegister = useUiStore((s) => s.showRegister);

  // The server cannot see the token (localStorage): keep the slot neutral until the browser knows.
  if (!tokenChecked) return <div aria-hidden="true" className="skeleton h-9 w-10 rounded-full sm:w-36" />;

  if (token) {
    return (
      <Suspense fallback={<div aria-hidden="true" className="skeleton size-9 rounded-full" />}>
        <UserMenu />
      </Suspense>
    );
  }

  return (
    <div className="flex items-center gap-1.5">
      <button
        type="button"
        onClick={showLogin}
        onPointerEnter={preloadLogin}
        onFocus={preloadLogin}
        className="btn-ghost px-2.5 sm:px-3"
        aria-haspopup="dialog"
      >
        <UserIcon size={18} className="sm:hidden" />
        <span className="max-sm:sr-only">{t('auth.login')}</span>
      </button>
      <button
        type="button"
        onClick={showRegister}
        onPointerEnter={preloadRegister}
        onFocus={preloadRegister}
        className="btn-primary hidden rounded-full px-4 sm:inline-flex"
        aria-haspopup="dialog"
      >
        {t('auth.register')}
      </button>
    </div>
  );
}

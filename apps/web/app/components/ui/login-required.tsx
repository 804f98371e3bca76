import { useTranslation } from '../../i18n/use-translation';
import { useUiStore } from '../../stores/ui';
import { EmptyState } from './empty-state';
import { LockIcon } from './icons';

/**
 * The "please log in" card: shown by the login guard (SPEC §2 guarded pages), and by pages that
 * need a token but have no guard, under their own test id so the two stay distinguishable.
 */
export function LoginRequired({ testId = 'login-required' }: { testId?: string }) {
  const { t } = useTranslation();
  const showLogin = useUiStore((s) => s.showLogin);
  return (
    <div className="card" data-testid={testId}>
      <EmptyState
        icon={<LockIcon size={28} />}
        title={t('guard.title')}
        description={t('guard.description')}
        action={
          <button
            type="button"
            onClick={showLogin}
            className="btn-primary h-11 px-8 text-base"
            aria-haspopup="dialog"
          >
            {t('auth.login')}
          </button>
        }
      />
    </div>
  );
}

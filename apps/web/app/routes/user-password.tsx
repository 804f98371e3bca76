import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/user-password';
import { UserShell } from '../components/user/user-shell';
import { Field } from '../components/ui/field';
import { pageMeta, type PageHandle } from '../lib/meta';

export const handle = { page: 'password' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'password');

/** Set a new password with a verification code (POST /api/front/app/setPassword, accounts issue). */
export default function PasswordPage() {
  const { t } = useTranslation();
  return (
    <UserShell title={t('pages.password.heading')}>
      <form className="card max-w-xl space-y-5 p-5 sm:p-6" onSubmit={(e) => e.preventDefault()}>
        <Field
          label={t('password.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={t('password.codePlaceholder')}
          trailing={
            <button type="button" disabled className="btn-outline h-11 shrink-0">
              {t('password.sendCode')}
            </button>
          }
        />
        <Field
          label={t('password.new')}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t('password.rule')}
        />
        <Field
          label={t('password.confirm')}
          name="password_confirmation"
          type="password"
          autoComplete="new-password"
        />
        <button type="submit" disabled className="btn-primary h-11 px-8">
          {t('common.save')}
        </button>
        <p className="text-xs text-stone-600">{t('common.comingSoon')}</p>
      </form>
    </UserShell>
  );
}

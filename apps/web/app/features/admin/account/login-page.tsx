import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { adminQuiet, adminToken } from '../kit/admin-api';
import { FormError, TextField } from '../kit/form';
import { useAdminT } from '../kit/use-admin-t';
import { CAPTCHA_REQUIRED, CaptchaField, useCaptcha } from '../../../components/auth/captcha-field';
import { LanguageSwitch } from '../../../components/layout/language-switch';
import { isApiError } from '../../../lib/http';

/** Body code of "enter your authenticator code" (the API's TOTP_REQUIRED_CODE). */
const TOTP_REQUIRED = 40_002;

/** Only a console page of this site may be where the login goes back to. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/admin') && !next.startsWith('//') ? next : '/admin';
}

export function AdminLogin() {
  const { t } = useAdminT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ account?: string; password?: string }>({});
  const [needsTotp, setNeedsTotp] = useState(false);
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const { captcha, refresh } = useCaptcha(needsCaptcha);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const account = String(form.get('account') ?? '').trim();
    const password = String(form.get('password') ?? '');
    const errors = {
      ...(account ? {} : { account: t('auth.login.emailRequired') }),
      ...(password ? {} : { password: t('auth.login.passwordRequired') }),
    };
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    setError('');
    try {
      const totp = String(form.get('totp') ?? '').trim();
      const { token } = await adminQuiet.call(adminEndpoints.adminLogin, {
        account,
        password,
        ...(needsTotp && totp ? { totp } : {}),
        ...(needsCaptcha && captcha
          ? { captcha_key: captcha.captcha_key, captcha_code: String(form.get('captcha_code') ?? '').trim() }
          : {}),
      });
      adminToken.write(token);
      await navigate(safeNext(params.get('next')), { replace: true });
    } catch (e) {
      setBusy(false);
      if (!isApiError(e)) throw e;
      if (e.code === TOTP_REQUIRED) setNeedsTotp(true);
      if (e.code === CAPTCHA_REQUIRED) setNeedsCaptcha(true);
      else if (needsCaptcha) refresh();
      setError(e.msg);
    }
  }

  return (
    <main className="flex min-h-dvh items-center justify-center bg-stone-100 p-4">
      <div className="w-full max-w-sm">
        <div className="mb-3 flex justify-end">
          <LanguageSwitch />
        </div>
        <form onSubmit={submit} noValidate className="card space-y-4 p-6" data-testid="admin-login">
          <h1 className="text-lg font-semibold text-stone-900">{t('auth.login.title')}</h1>
          <TextField
            label={t('auth.login.email')}
            name="account"
            type="email"
            autoComplete="username"
            autoFocus
            maxLength={254}
            error={fieldErrors.account}
          />
          <TextField
            label={t('auth.login.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            maxLength={128}
            error={fieldErrors.password}
          />
          {needsTotp ? (
            <TextField
              label={t('auth.login.totp')}
              hint={t('auth.login.totpHint')}
              name="totp"
              autoComplete="one-time-code"
              inputMode="text"
              autoFocus
              maxLength={16}
            />
          ) : null}
          {needsCaptcha ? <CaptchaField captcha={captcha} onRefresh={refresh} /> : null}
          <FormError message={error} />
          <button type="submit" className="btn-primary h-10 w-full" disabled={busy}>
            {busy ? t('auth.login.busy') : t('auth.login.submit')}
          </button>
        </form>
      </div>
    </main>
  );
}

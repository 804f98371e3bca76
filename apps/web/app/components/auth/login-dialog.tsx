import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { continueLoginIntent, useUiStore } from '../../stores/ui';
import { useUserStore } from '../../stores/user';
import { Modal } from '../ui/modal';
import { Field } from '../ui/field';
import { isApiError } from '../../lib/http';
import { AccountInput } from './account-input';
import { CAPTCHA_REQUIRED, CaptchaField, useCaptcha } from './captcha-field';

/** SPEC §2/§4: the login dialog; the picture code appears once the API asks for it. */
export default function LoginDialog() {
  const { t } = useTranslation();
  const open = useUiStore((s) => s.loginVisible);
  const hideLogin = useUiStore((s) => s.hideLogin);
  const showRegister = useUiStore((s) => s.showRegister);
  const showReset = useUiStore((s) => s.showReset);
  const accountDraft = useUiStore((s) => s.accountDraft);
  const formRef = useRef<HTMLFormElement>(null);
  const login = useUserStore((s) => s.login);
  const [submitting, setSubmitting] = useState(false);
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const { captcha, refresh } = useCaptcha(needsCaptcha);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSubmitting(true);
    try {
      await login({
        account: String(form.get('account') ?? '').trim(),
        password: String(form.get('password') ?? ''),
        ...(needsCaptcha && captcha
          ? { captcha_key: captcha.captcha_key, captcha_code: String(form.get('captcha_code') ?? '').trim() }
          : {}),
      });
      setNeedsCaptcha(false);
      // Issue 12: what the buyer was doing (Add to cart, Buy now) goes on.
      continueLoginIntent(hideLogin);
    } catch (error) {
      // The client or the store already showed why. A used captcha is spent: show another.
      if (isApiError(error) && error.code === CAPTCHA_REQUIRED) setNeedsCaptcha(true);
      else if (needsCaptcha) refresh();
    } finally {
      setSubmitting(false);
    }
  }

  /** Opens the reset dialog with the account typed so far. */
  function forgotPassword() {
    const input = formRef.current?.elements.namedItem('account');
    showReset(input instanceof HTMLInputElement ? input.value.trim() : '');
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : hideLogin())}
      title={t('auth.loginTitle')}
      description={t('auth.loginSubtitle')}
      testId="login-dialog"
    >
      <form ref={formRef} onSubmit={onSubmit} className="space-y-4">
        <AccountInput defaultValue={accountDraft} />
        <Field
          label={t('auth.password')}
          name="password"
          type="password"
          required
          autoComplete="current-password"
          // Back from a password reset with the account filled in: the password is next.
          autoFocus={accountDraft !== ''}
          placeholder={t('auth.passwordPlaceholder')}
        />
        <div className="-mt-2 flex justify-end">
          <button
            type="button"
            onClick={forgotPassword}
            className="rounded text-sm font-medium text-brand-700 hover:underline"
          >
            {t('auth.forgotPassword')}
          </button>
        </div>
        {needsCaptcha ? <CaptchaField captcha={captcha} onRefresh={refresh} /> : null}
        <button type="submit" disabled={submitting} className="btn-primary h-11 w-full text-base">
          {submitting ? t('auth.loggingIn') : t('auth.login')}
        </button>
      </form>
      <p className="mt-5 text-center text-sm text-stone-600">
        {t('auth.noAccount')}{' '}
        <button type="button" onClick={showRegister} className="font-medium text-brand-700 hover:underline">
          {t('auth.registerNow')}
        </button>
      </p>
    </Modal>
  );
}

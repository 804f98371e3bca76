import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { continueLoginIntent, useUiStore } from '../../stores/ui';
import { useUserStore } from '../../stores/user';
import { Modal } from '../../components/ui/modal';
import { Field } from '../../components/ui/field';
import { isApiError } from '../../lib/http';
import { useSiteConfig } from '../../stores/site-config';
import { ServiceQrCode } from '../../components/ui/service-qr-code';
import { AccountInput } from './account-input';
import { CAPTCHA_REQUIRED, CaptchaField, useCaptcha } from '../../components/auth/captcha-field';

/** SPEC §2/§4: the login dialog; the picture code appears once the API asks for it. */
/** Body code of a disabled account's login with the right password (issue 29, decision 061). */
export const ACCOUNT_DISABLED = 40_301;

/** How to reach customer service when the account is disabled: the site config's hours and QR code. */
function DisabledNotice() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  return (
    <div
      role="alert"
      data-testid="login-disabled"
      className="flex items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <div className="min-w-0 flex-1">
        <p className="font-medium">{t('auth.accountDisabled')}</p>
        <p className="mt-1">{t('auth.accountDisabledContact')}</p>
        {config.work_time ? <p className="mt-1">{t('footer.workTime', { time: config.work_time })}</p> : null}
      </div>
      {config.customer_qrcode ? (
        <ServiceQrCode
          src={config.customer_qrcode}
          size={96}
          className="size-20 shrink-0 rounded border border-amber-200 bg-white object-contain p-1"
        />
      ) : null}
    </div>
  );
}

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
  const [disabled, setDisabled] = useState(false);
  const { captcha, refresh } = useCaptcha(needsCaptcha);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSubmitting(true);
    setDisabled(false);
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
      if (isApiError(error) && error.code === ACCOUNT_DISABLED) setDisabled(true);
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
        {disabled ? <DisabledNotice /> : null}
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

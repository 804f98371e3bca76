import { useRef, useState, type FormEvent } from 'react';
import {
  accountKind,
  NICKNAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@shop/domain/account';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { message } from '../../lib/notify';
import { useUiStore } from '../../stores/ui';
import { useUserStore } from '../../stores/user';
import { Modal } from '../ui/modal';
import { Field } from '../ui/field';
import { CaptchaField, useCaptcha } from './captcha-field';
import { useCountdown } from './use-countdown';

/** Seconds before another code may be requested (the API answers 429 before that). */
const RESEND_SECONDS = 60;

type FieldName = 'account' | 'captcha_code' | 'code' | 'password' | 'confirm' | 'nickname';
type Errors = Partial<Record<FieldName, string>>;

function value(form: HTMLFormElement, name: FieldName): string {
  const input = form.elements.namedItem(name);
  return input instanceof HTMLInputElement ? input.value : '';
}

/** SPEC §2/§4: the registration dialog: account, emailed/SMS code, password. */
export default function RegisterDialog() {
  const { t } = useTranslation();
  const open = useUiStore((s) => s.registerVisible);
  const hideRegister = useUiStore((s) => s.hideRegister);
  const showLogin = useUiStore((s) => s.showLogin);
  const register = useUserStore((s) => s.register);
  const formRef = useRef<HTMLFormElement>(null);
  const { captcha, refresh } = useCaptcha(open);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const countdown = useCountdown();

  /** Shows the errors beside their fields and focuses the first; true when there are none. */
  function report(next: Errors): boolean {
    setErrors(next);
    const first = (Object.keys(next) as FieldName[])[0];
    if (first) {
      const input = formRef.current?.elements.namedItem(first);
      if (input instanceof HTMLInputElement) input.focus();
    }
    return !first;
  }

  function checkAccount(form: HTMLFormElement) {
    const account = value(form, 'account').trim();
    return { account, kind: accountKind(account) };
  }

  async function sendCode() {
    const form = formRef.current;
    if (!form || sending || countdown.remaining > 0) return;
    const { account, kind } = checkAccount(form);
    const captchaCode = value(form, 'captcha_code').trim();
    const next: Errors = {};
    if (!kind) next.account = t('auth.errInvalidAccount');
    if (!captchaCode) next.captcha_code = t('auth.errCaptchaRequired');
    if (!report(next) || !kind) return;
    setSending(true);
    const captchaFields = { captcha_key: captcha?.captcha_key ?? '', captcha_code: captchaCode };
    try {
      if (kind === 'email') {
        await api.post('/api/front/app/sendEmailcode', {
          email: account,
          purpose: 'register',
          ...captchaFields,
        });
      } else {
        await api.post('/api/front/app/send_code', { phone: account, purpose: 'register', ...captchaFields });
      }
      countdown.start(RESEND_SECONDS);
      message.success(t('auth.codeSent', { account }));
      const codeInput = form.elements.namedItem('code');
      if (codeInput instanceof HTMLInputElement) codeInput.focus();
    } catch {
      // The client already showed why.
    } finally {
      // The picture code is single-use: clear it and show another either way.
      const captchaInput = form.elements.namedItem('captcha_code');
      if (captchaInput instanceof HTMLInputElement) captchaInput.value = '';
      refresh();
      setSending(false);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { account, kind } = checkAccount(form);
    const code = value(form, 'code').trim();
    const password = value(form, 'password');
    const nickname = value(form, 'nickname').trim();
    const next: Errors = {};
    if (!kind) next.account = t('auth.errInvalidAccount');
    if (!/^\d{6}$/.test(code)) next.code = t('auth.errCode');
    if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
      next.password = t('auth.errPasswordLength');
    } else if (password !== value(form, 'confirm')) {
      next.confirm = t('auth.errPasswordMismatch');
    }
    if (nickname.length > NICKNAME_MAX_LENGTH) {
      next.nickname = t('auth.errNicknameLength', { max: NICKNAME_MAX_LENGTH });
    }
    if (!report(next)) return;
    setSubmitting(true);
    try {
      await register({ account, code, password, ...(nickname ? { nickname } : {}) });
      hideRegister();
    } catch {
      // The client or the store already showed why.
    } finally {
      setSubmitting(false);
    }
  }

  /** Props that tie a field to its error message. */
  function invalid(name: FieldName) {
    return errors[name]
      ? { 'aria-invalid': true as const, 'aria-describedby': `register-${name}-error` }
      : {};
  }

  function error(name: FieldName) {
    return errors[name] ? (
      <p id={`register-${name}-error`} role="alert" className="mt-1.5 text-xs font-medium text-red-700">
        {errors[name]}
      </p>
    ) : null;
  }

  const waiting = countdown.remaining > 0;

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : hideRegister())}
      title={t('auth.registerTitle')}
      description={t('auth.registerSubtitle')}
      testId="register-dialog"
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4">
        <div>
          <Field
            label={t('auth.account')}
            name="account"
            type="text"
            required
            autoComplete="username"
            inputMode="email"
            placeholder={t('auth.accountPlaceholder')}
            {...invalid('account')}
          />
          {error('account')}
        </div>
        <div>
          <CaptchaField captcha={captcha} onRefresh={refresh} />
          {error('captcha_code')}
        </div>
        <div>
          <Field
            label={t('auth.code')}
            name="code"
            type="text"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            placeholder={t('auth.codePlaceholder')}
            className="input h-11 min-w-0 flex-1"
            {...invalid('code')}
            trailing={
              <button
                type="button"
                onClick={() => void sendCode()}
                disabled={sending || waiting}
                aria-live="polite"
                className="btn-outline h-11 w-32 shrink-0 px-2 tabular-nums"
              >
                {sending
                  ? t('auth.sendingCode')
                  : waiting
                    ? t('auth.resendIn', { seconds: countdown.remaining })
                    : t('auth.getCode')}
              </button>
            }
          />
          {error('code')}
        </div>
        <div>
          <Field
            label={t('auth.password')}
            name="password"
            type="password"
            required
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            placeholder={t('auth.newPasswordPlaceholder')}
            {...invalid('password')}
          />
          {error('password')}
        </div>
        <div>
          <Field
            label={t('auth.confirmPassword')}
            name="confirm"
            type="password"
            required
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            placeholder={t('auth.confirmPasswordPlaceholder')}
            {...invalid('confirm')}
          />
          {error('confirm')}
        </div>
        <div>
          <Field
            label={t('auth.nickname')}
            name="nickname"
            type="text"
            autoComplete="nickname"
            maxLength={NICKNAME_MAX_LENGTH}
            placeholder={t('auth.nicknamePlaceholder')}
            {...invalid('nickname')}
          />
          {error('nickname')}
        </div>
        <button type="submit" disabled={submitting} className="btn-primary h-11 w-full text-base">
          {submitting ? t('auth.registering') : t('auth.registerAction')}
        </button>
      </form>
      <p className="mt-5 text-center text-sm text-stone-600">
        <button type="button" onClick={showLogin} className="font-medium text-brand-700 hover:underline">
          {t('auth.haveAccount')}
        </button>
      </p>
    </Modal>
  );
}

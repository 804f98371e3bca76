import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/user-password';
import { UserShell } from '../components/user/user-shell';
import {
  hasErrors,
  validatePassword,
  type PasswordErrors,
  type PasswordValues,
} from '../components/user/account-forms';
import { FormAlert, PasswordField, SubmitButton } from '../components/user/form-controls';
import { CAPTCHA_REQUIRED, CaptchaField, useCaptcha } from '../components/auth/captcha-field';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shop/domain/account';
import { isApiError } from '../lib/http';
import { pageMeta, type PageHandle } from '../lib/meta';
import { message } from '../lib/notify';
import { useUserStore } from '../stores/user';

export const handle = { page: 'password' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'password');

const EMPTY: PasswordValues = { current: '', password: '', confirm: '' };

/**
 * Change the password with the current one (POST /api/front/app/setPassword). The server revokes
 * every earlier token and returns a new one, which the user store keeps: the user stays logged in.
 * After 3 wrong current passwords the API wants the picture code, as the login dialog does (issue
 * 11, finding 6): the field appears when it is asked for.
 */
export default function PasswordPage() {
  const { t } = useTranslation();
  const changePassword = useUserStore((s) => s.changePassword);
  const [values, setValues] = useState<PasswordValues>(EMPTY);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState('');
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const { captcha, refresh } = useCaptcha(needsCaptcha);
  const errorText = (key: keyof PasswordValues) => {
    const error = errors[key];
    return error ? t(error.key, error.values) : undefined;
  };

  function change(key: keyof PasswordValues, value: string) {
    const next = { ...values, [key]: value };
    setValues(next);
    if (submitted) setErrors(validatePassword(next));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const focus = (name: string) => (form.elements.namedItem(name) as HTMLElement | null)?.focus();
    setSubmitted(true);
    setServerError('');
    const found = validatePassword(values);
    setErrors(found);
    if (hasErrors(found)) {
      const first = (['current', 'password', 'confirm'] as const).find((key) => found[key]);
      if (first) focus(first);
      return;
    }
    setBusy(true);
    try {
      const captchaCode = String(new FormData(form).get('captcha_code') ?? '').trim();
      await changePassword({
        old_password: values.current,
        password: values.password,
        ...(needsCaptcha && captcha ? { captcha_key: captcha.captcha_key, captcha_code: captchaCode } : {}),
      });
      setValues(EMPTY);
      setErrors({});
      setSubmitted(false);
      setNeedsCaptcha(false);
      message.success(t('password.changed'));
    } catch (error) {
      // The shared client already showed the server's message as a pop-up; keep it here too.
      if (isApiError(error)) {
        setServerError(error.msg);
        if (error.code === CAPTCHA_REQUIRED && !needsCaptcha) {
          setNeedsCaptcha(true);
          return; // the field takes the focus when it appears
        }
        focus(error.code === CAPTCHA_REQUIRED ? 'captcha_code' : 'current');
      }
      // A sent captcha is used up: show another.
      if (needsCaptcha) refresh();
    } finally {
      setBusy(false);
    }
  }

  return (
    <UserShell title={t('pages.password.heading')}>
      <form noValidate onSubmit={onSubmit} className="card max-w-xl space-y-5 p-5 sm:p-6">
        <PasswordField
          label={t('password.current')}
          name="current"
          value={values.current}
          onChange={(e) => change('current', e.target.value)}
          autoComplete="current-password"
          required
          error={errorText('current')}
        />
        <PasswordField
          label={t('password.new')}
          name="password"
          value={values.password}
          onChange={(e) => change('password', e.target.value)}
          autoComplete="new-password"
          required
          error={errorText('password')}
          hint={t('password.rule', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
        />
        <PasswordField
          label={t('password.confirm')}
          name="confirm"
          value={values.confirm}
          onChange={(e) => change('confirm', e.target.value)}
          autoComplete="new-password"
          required
          error={errorText('confirm')}
        />
        {needsCaptcha ? <CaptchaField captcha={captcha} onRefresh={refresh} autoFocus /> : null}
        <FormAlert>{serverError}</FormAlert>
        <SubmitButton busy={busy} busyText={t('common.saving')}>
          {t('password.submit')}
        </SubmitButton>
      </form>
    </UserShell>
  );
}

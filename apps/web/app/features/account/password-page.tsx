// The page of routes/user-password.tsx, fetched by its clientLoader next to its data (lib/deferred.ts):
// not part of the page's first load (issue 16).
import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { UserShell } from '../../components/ui/user-shell';
import { validatePassword, type PasswordValues } from './account-forms';
import { useCheckedForm } from '../../components/ui/use-checked-form';
import { FormAlert, PasswordField, SubmitButton } from '../../components/ui/form-controls';
import { CAPTCHA_REQUIRED, CaptchaField, useCaptcha } from '../../components/auth/captcha-field';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shop/domain/account';
import { isApiError } from '../../lib/http';
import { message } from '../../lib/toast';
import { useUserStore } from '../../stores/user';

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
  const formRef = useRef<HTMLFormElement>(null);
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const { captcha, refresh } = useCaptcha(needsCaptcha);
  const { draft, change, reset, errorText, busy, serverError, onSubmit } = useCheckedForm({
    initial: EMPTY,
    fields: ['current', 'password', 'confirm'],
    validate: validatePassword,
    send,
  });

  async function send(values: PasswordValues) {
    const form = formRef.current;
    const focus = (name: string) => (form?.elements.namedItem(name) as HTMLElement | null)?.focus();
    try {
      const captchaCode = form ? String(new FormData(form).get('captcha_code') ?? '').trim() : '';
      await changePassword({
        old_password: values.current,
        password: values.password,
        ...(needsCaptcha && captcha ? { captcha_key: captcha.captcha_key, captcha_code: captchaCode } : {}),
      });
      reset(EMPTY);
      setNeedsCaptcha(false);
      message.success(t('password.changed'));
    } catch (error) {
      // The hook keeps the server's message beside the form; the captcha and the focus follow it here.
      if (isApiError(error) && error.code === CAPTCHA_REQUIRED && !needsCaptcha) {
        setNeedsCaptcha(true); // the field takes the focus when it appears
      } else {
        if (isApiError(error)) focus(error.code === CAPTCHA_REQUIRED ? 'captcha_code' : 'current');
        // A sent captcha is used up: show another.
        if (needsCaptcha) refresh();
      }
      throw error;
    }
  }

  return (
    <UserShell title={t('pages.password.heading')}>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="card max-w-xl space-y-5 p-5 sm:p-6">
        <PasswordField
          label={t('password.current')}
          name="current"
          value={draft.current}
          onChange={(e) => change({ ...draft, current: e.target.value })}
          error={errorText('current')}
          autoComplete="current-password"
          required
        />
        <PasswordField
          label={t('password.new')}
          name="password"
          value={draft.password}
          onChange={(e) => change({ ...draft, password: e.target.value })}
          error={errorText('password')}
          autoComplete="new-password"
          required
          hint={t('password.rule', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
        />
        <PasswordField
          label={t('password.confirm')}
          name="confirm"
          value={draft.confirm}
          onChange={(e) => change({ ...draft, confirm: e.target.value })}
          error={errorText('confirm')}
          autoComplete="new-password"
          required
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

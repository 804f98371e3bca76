import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { message } from '../../lib/notify';
import { useUiStore } from '../../stores/ui';
import { Modal } from '../ui/modal';
import { CaptchaField } from './captcha-field';
import { AccountField, checkCodeForm, CodeField, NewPasswordFields, useCodeForm } from './code-form';

/**
 * "Forgot password", opened from the login dialog: a reset code is sent to the email or phone,
 * then POST /api/front/app/setPassword {account, code, password} sets the new password. The API
 * revokes every token of the account; the user then logs in with the new password.
 */
export default function ResetPasswordDialog() {
  const { t } = useTranslation();
  const open = useUiStore((s) => s.resetVisible);
  const accountDraft = useUiStore((s) => s.accountDraft);
  const hideReset = useUiStore((s) => s.hideReset);
  const showLogin = useUiStore((s) => s.showLogin);
  const showLoginAs = useUiStore((s) => s.showLoginAs);
  const { formRef, captcha, refreshCaptcha, errors, sender } = useCodeForm(open, 'reset');
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const { account, code, password, errors: next } = checkCodeForm(event.currentTarget, t);
    if (!errors.report(next)) return;
    setSubmitting(true);
    try {
      // The answer holds a token, but the flow ends at the login dialog (the user proves the new
      // password once), so it is not kept.
      await api.post('/api/front/app/setPassword', { account, code, password });
      message.success(t('auth.resetDone'));
      showLoginAs(account);
    } catch {
      // The client already showed why (wrong or expired code, too many tries).
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : hideReset())}
      title={t('auth.resetTitle')}
      description={t('auth.resetSubtitle')}
      testId="reset-password-dialog"
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4">
        <AccountField errors={errors} defaultValue={accountDraft} />
        <div>
          {/* With the account carried over from the login dialog, the picture code is next. */}
          <CaptchaField captcha={captcha} onRefresh={refreshCaptcha} autoFocus={accountDraft !== ''} />
          {errors.error('captcha_code')}
        </div>
        <CodeField sender={sender} errors={errors} />
        <NewPasswordFields label={t('auth.newPassword')} errors={errors} />
        <button type="submit" disabled={submitting} className="btn-primary h-11 w-full text-base">
          {submitting ? t('auth.resetting') : t('auth.resetAction')}
        </button>
      </form>
      <p className="mt-5 text-center text-sm text-stone-600">
        <button type="button" onClick={showLogin} className="font-medium text-brand-700 hover:underline">
          {t('auth.backToLogin')}
        </button>
      </p>
    </Modal>
  );
}

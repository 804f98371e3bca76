import { useState, type FormEvent } from 'react';
import { NICKNAME_MAX_LENGTH } from '@shop/domain/account';
import { useTranslation } from '../../i18n/use-translation';
import { continueLoginIntent, useUiStore } from '../../stores/ui';
import { useUserStore } from '../../stores/user';
import { Modal } from '../ui/modal';
import { Field } from '../ui/field';
import { CaptchaField } from './captcha-field';
import {
  AccountField,
  checkCodeForm,
  CodeField,
  fieldValue,
  NewPasswordFields,
  useCodeForm,
} from './code-form';

/** SPEC §2/§4: the registration dialog: account, emailed/SMS code, password. */
export default function RegisterDialog() {
  const { t } = useTranslation();
  const open = useUiStore((s) => s.registerVisible);
  const hideRegister = useUiStore((s) => s.hideRegister);
  const showLogin = useUiStore((s) => s.showLogin);
  const register = useUserStore((s) => s.register);
  const { formRef, captcha, refreshCaptcha, errors, sender } = useCodeForm(open, 'register');
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { account, code, password, errors: next } = checkCodeForm(form, t);
    const nickname = fieldValue(form, 'nickname').trim();
    if (nickname.length > NICKNAME_MAX_LENGTH) {
      next.nickname = t('auth.errNicknameLength', { max: NICKNAME_MAX_LENGTH });
    }
    if (!errors.report(next)) return;
    setSubmitting(true);
    try {
      await register({ account, code, password, ...(nickname ? { nickname } : {}) });
      // Issue 12: a buyer who signed up from Add to cart or Buy now goes on with it.
      continueLoginIntent(hideRegister);
    } catch {
      // The client or the store already showed why.
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : hideRegister())}
      title={t('auth.registerTitle')}
      description={t('auth.registerSubtitle')}
      testId="register-dialog"
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4">
        <AccountField errors={errors} />
        <div>
          <CaptchaField captcha={captcha} onRefresh={refreshCaptcha} />
          {errors.error('captcha_code')}
        </div>
        <CodeField sender={sender} errors={errors} />
        <NewPasswordFields label={t('auth.password')} errors={errors} />
        <div>
          <Field
            label={t('auth.nickname')}
            name="nickname"
            type="text"
            autoComplete="nickname"
            maxLength={NICKNAME_MAX_LENGTH}
            placeholder={t('auth.nicknamePlaceholder')}
            {...errors.invalid('nickname')}
          />
          {errors.error('nickname')}
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

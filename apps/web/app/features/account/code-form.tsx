// The parts the dialogs that work with an emailed/SMS code share (registration, password reset):
// field errors beside their inputs, the account/code/new-password checks, the "get code" button
// with its picture code and 60 s countdown, and the new-password pair.
import { useRef, useState, type RefObject } from 'react';
import type { TFunction } from '../../i18n/instance';
import {
  accountKind,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type AccountKind,
} from '@shop/domain/account';
// Type-only: the contract module builds zod schemas at load time (lib/site-config.ts).
import type { CODE_PURPOSES } from '@shop/contract/account';
import { useTranslation } from '../../i18n/use-translation';
import { endpoints } from '@shop/contract/endpoints';
import { api } from '../../lib/api';
import { message } from '../../lib/toast';
import { Field } from '../../components/ui/field';
import type { Captcha } from '../../components/auth/captcha-field';
import { useCountdown } from './use-countdown';
import { CaptchaField, useCaptcha } from '../../components/auth/captcha-field';
import { AccountInput } from './account-input';

/** Seconds before another code may be requested (the API answers 429 before that). */
export const RESEND_SECONDS = 60;

export type CodeFormField = 'account' | 'captcha_code' | 'code' | 'password' | 'confirm' | 'nickname';
export type CodeFormErrors = Partial<Record<CodeFormField, string>>;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export function fieldValue(form: HTMLFormElement, name: CodeFormField): string {
  const input = form.elements.namedItem(name);
  return input instanceof HTMLInputElement ? input.value : '';
}

function focusField(form: HTMLFormElement | null, name: CodeFormField) {
  const input = form?.elements.namedItem(name);
  if (input instanceof HTMLInputElement) input.focus();
}

/**
 * The errors of one form, shown beside their fields. `idPrefix` keeps the ids unique when two
 * dialogs are mounted at once.
 */
export function useFieldErrors(formRef: RefObject<HTMLFormElement | null>, idPrefix: string) {
  const [errors, setErrors] = useState<CodeFormErrors>({});

  /** Shows the errors beside their fields and focuses the first; true when there are none. */
  function report(next: CodeFormErrors): boolean {
    setErrors(next);
    const first = (Object.keys(next) as CodeFormField[])[0];
    if (first) focusField(formRef.current, first);
    return !first;
  }

  /** Props that tie a field to its error message. */
  function invalid(name: CodeFormField) {
    return errors[name]
      ? { 'aria-invalid': true as const, 'aria-describedby': `${idPrefix}-${name}-error` }
      : {};
  }

  function error(name: CodeFormField) {
    return errors[name] ? (
      <p id={`${idPrefix}-${name}-error`} role="alert" className="mt-1.5 text-xs font-medium text-red-700">
        {errors[name]}
      </p>
    ) : null;
  }

  return { report, invalid, error };
}

export type FieldErrors = ReturnType<typeof useFieldErrors>;

/** The account, the 6-digit code and the new password (twice), checked as the API will. */
export function checkCodeForm(form: HTMLFormElement, t: TFunction) {
  const account = fieldValue(form, 'account').trim();
  const kind = accountKind(account);
  const code = fieldValue(form, 'code').trim();
  const password = fieldValue(form, 'password');
  const errors: CodeFormErrors = {};
  if (!kind) errors.account = t('auth.errInvalidAccount');
  if (!/^\d{6}$/.test(code)) errors.code = t('auth.errCode');
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    errors.password = t('auth.errPasswordLength');
  } else if (password !== fieldValue(form, 'confirm')) {
    errors.confirm = t('auth.errPasswordMismatch');
  }
  return { account, kind, code, password, errors };
}

function sendCodeRequest(
  account: string,
  kind: AccountKind,
  purpose: CodePurpose,
  captcha: { captcha_key: string; captcha_code: string },
) {
  return kind === 'email'
    ? api.call(endpoints.sendEmailCode, { email: account, purpose, ...captcha })
    : api.call(endpoints.sendCode, { phone: account, purpose, ...captcha });
}

/**
 * Everything a code dialog holds: its form, the picture code (renewed while `open`), the field
 * errors (ids prefixed by `purpose`) and the "get code" sender.
 */
export function useCodeForm(open: boolean, purpose: CodePurpose) {
  const formRef = useRef<HTMLFormElement>(null);
  const { captcha, refresh } = useCaptcha(open);
  const errors = useFieldErrors(formRef, purpose);
  const sender = useSendCode({ formRef, purpose, captcha, refreshCaptcha: refresh, report: errors.report });
  return { formRef, captcha, refreshCaptcha: refresh, errors, sender };
}

/**
 * Sends a code for `purpose` to the account typed in the form, with the picture code; then counts
 * down before another may be asked for. The picture code is single-use, so it is renewed either way.
 */
export function useSendCode({
  formRef,
  purpose,
  captcha,
  refreshCaptcha,
  report,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  purpose: CodePurpose;
  captcha: Captcha | null;
  refreshCaptcha: () => void;
  report: FieldErrors['report'];
}) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const countdown = useCountdown();

  async function send() {
    const form = formRef.current;
    if (!form || sending || countdown.remaining > 0) return;
    const account = fieldValue(form, 'account').trim();
    const kind = accountKind(account);
    const captchaCode = fieldValue(form, 'captcha_code').trim();
    const next: CodeFormErrors = {};
    if (!kind) next.account = t('auth.errInvalidAccount');
    if (!captchaCode) next.captcha_code = t('auth.errCaptchaRequired');
    if (!report(next) || !kind) return;
    setSending(true);
    try {
      await sendCodeRequest(account, kind, purpose, {
        captcha_key: captcha?.captcha_key ?? '',
        captcha_code: captchaCode,
      });
      countdown.start(RESEND_SECONDS);
      message.success(t('auth.codeSent', { account }));
      focusField(form, 'code');
    } catch {
      // The client already showed why.
    } finally {
      const captchaInput = form.elements.namedItem('captcha_code');
      if (captchaInput instanceof HTMLInputElement) captchaInput.value = '';
      refreshCaptcha();
      setSending(false);
    }
  }

  return { send, sending, remaining: countdown.remaining };
}

export type CodeSender = ReturnType<typeof useSendCode>;

/** The 6-digit code input with its "get code" button (a countdown while waiting to resend). */
function CodeField({ sender, errors }: { sender: CodeSender; errors: FieldErrors }) {
  const { t } = useTranslation();
  const waiting = sender.remaining > 0;
  return (
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
        {...errors.invalid('code')}
        trailing={
          <button
            type="button"
            onClick={() => void sender.send()}
            disabled={sender.sending || waiting}
            aria-live="polite"
            className="btn-outline h-11 w-32 shrink-0 px-2 tabular-nums"
          >
            {sender.sending
              ? t('auth.sendingCode')
              : waiting
                ? t('auth.resendIn', { seconds: sender.remaining })
                : t('auth.getCode')}
          </button>
        }
      />
      {errors.error('code')}
    </div>
  );
}

/** The new password and its confirmation. */
function NewPasswordFields({ label, errors }: { label: string; errors: FieldErrors }) {
  const { t } = useTranslation();
  return (
    <>
      <div>
        <Field
          label={label}
          name="password"
          type="password"
          required
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          placeholder={t('auth.newPasswordPlaceholder')}
          {...errors.invalid('password')}
        />
        {errors.error('password')}
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
          {...errors.invalid('confirm')}
        />
        {errors.error('confirm')}
      </div>
    </>
  );
}

/** The account input (email or phone). */
function AccountField({ errors, defaultValue }: { errors: FieldErrors; defaultValue?: string }) {
  return (
    <div>
      <AccountInput defaultValue={defaultValue} {...errors.invalid('account')} />
      {errors.error('account')}
    </div>
  );
}

/**
 * The fields both code dialogs ask for, in order: the account (`accountDraft`: carried over from
 * the login dialog), the picture code, the emailed/SMS code and the new password twice.
 */
export function CodeFormFields({
  form,
  passwordLabel,
  accountDraft,
}: {
  form: ReturnType<typeof useCodeForm>;
  passwordLabel: string;
  accountDraft?: string;
}) {
  const { errors } = form;
  return (
    <>
      <AccountField errors={errors} defaultValue={accountDraft} />
      <div>
        {/* With the account carried over, the picture code is next. */}
        <CaptchaField
          captcha={form.captcha}
          onRefresh={form.refreshCaptcha}
          autoFocus={Boolean(accountDraft)}
        />
        {errors.error('captcha_code')}
      </div>
      <CodeField sender={form.sender} errors={errors} />
      <NewPasswordFields label={passwordLabel} errors={errors} />
    </>
  );
}

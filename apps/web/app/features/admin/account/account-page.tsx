import { useState, type FormEvent } from 'react';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { OPERATOR_PASSWORD_MAX, OPERATOR_PASSWORD_MIN } from '@shop/domain/admin';
import { adminToken } from '../kit/admin-api';
import { adminActions, useAdminWrite } from '../kit/actions';
import { useAdminMe } from '../kit/admin-loader';
import { AdminPage, Panel } from '../kit/admin-page';
import { AuditTrail } from '../kit/audit-trail';
import { FormError, TextField } from '../kit/form';
import { useAdminT } from '../kit/use-admin-t';
import { CAPTCHA_REQUIRED, CaptchaField, useCaptcha } from '../../../components/auth/captcha-field';
import { type ApiError, isApiError } from '../../../lib/http';
import { message } from '../../../lib/toast';

type Setup = { secret: string; otpauth_url: string; qr_image: string };

/** Sends a form's call; the server's refusal is shown beside the form (and passed to `onRefused`). */
function useSend() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function send<T>(call: () => Promise<T>, onRefused?: (e: ApiError) => void): Promise<T | undefined> {
    setBusy(true);
    setError('');
    try {
      return await call();
    } catch (e) {
      if (!isApiError(e)) throw e;
      setError(e.msg);
      onRefused?.(e);
      return undefined;
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, send };
}

type FormName = 'password' | 'totp';

/**
 * The picture code of the page's two old-password checks (issue 29, decision 056). The API counts
 * them with the operator's logins and asks for it (40001) from the fourth try, as the console's
 * login does. One captcha for the page, shown in the form that was last asked for it (one
 * `captcha-code` field on the page; a picture not yet used goes with it to the other form).
 */
function usePasswordCaptcha() {
  const [shownIn, setShownIn] = useState<FormName | null>(null);
  const { captcha, refresh } = useCaptcha(shownIn !== null);
  return {
    /** The captcha fields to send from `form`'s data, when it shows the picture. */
    fields(name: FormName, form: FormData) {
      return shownIn === name && captcha
        ? { captcha_key: captcha.captcha_key, captcha_code: String(form.get('captcha_code') ?? '').trim() }
        : {};
    },
    /** After a refusal: show the picture where it was asked for; a sent picture is used up. */
    refused(name: FormName, e: ApiError) {
      if (e.code === CAPTCHA_REQUIRED) setShownIn(name);
      else if (shownIn === name) refresh();
    },
    /** The right password cleared the count: no picture until asked again. */
    passed: () => setShownIn(null),
    field(name: FormName) {
      return shownIn === name ? <CaptchaField captcha={captcha} onRefresh={refresh} /> : null;
    },
  };
}
type PasswordCaptcha = ReturnType<typeof usePasswordCaptcha>;

function PasswordForm({ captcha }: { captcha: PasswordCaptcha }) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const { busy, error, send } = useSend();
  const [tooShort, setTooShort] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const password = String(form.get('password') ?? '');
    setTooShort(password.length < OPERATOR_PASSWORD_MIN);
    if (password.length < OPERATOR_PASSWORD_MIN) return;
    const result = await send(
      () =>
        write.quiet(adminEndpoints.adminPassword, {
          old_password: String(form.get('old_password') ?? ''),
          password,
          ...captcha.fields('password', form),
        }),
      (e) => captcha.refused('password', e),
    );
    if (!result) return;
    captcha.passed();
    formElement.reset();
    message.success(t('auth.account.passwordChanged'));
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-sm space-y-3" data-testid="password-form">
      <TextField
        label={t('auth.account.oldPassword')}
        name="old_password"
        type="password"
        autoComplete="current-password"
        maxLength={OPERATOR_PASSWORD_MAX}
      />
      <TextField
        label={t('auth.account.newPassword')}
        name="password"
        type="password"
        autoComplete="new-password"
        maxLength={OPERATOR_PASSWORD_MAX}
        hint={t('auth.account.newPasswordHint', { min: OPERATOR_PASSWORD_MIN, max: OPERATOR_PASSWORD_MAX })}
        error={tooShort ? t('auth.account.passwordTooShort', { min: OPERATOR_PASSWORD_MIN }) : undefined}
      />
      {captcha.field('password')}
      <FormError message={error} />
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? t('common.saving') : t('auth.account.password')}
      </button>
    </form>
  );
}

function TwoStep({ captcha }: { captcha: PasswordCaptcha }) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const me = useAdminMe();
  const { busy, error, send } = useSend();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  async function start() {
    const next = await send(() => write.quiet(adminEndpoints.adminTotpSetup));
    if (next) setSetup(next);
  }
  async function enable(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    const result = await send(() => write.quiet(adminEndpoints.adminTotpEnable, { code }));
    if (!result) return;
    setSetup(null);
    setCodes(result.recovery_codes);
    message.success(t('auth.account.totpEnabled'));
  }
  async function disable(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const result = await send(
      () => write.quiet(adminEndpoints.adminTotpDisable, { password, ...captcha.fields('totp', form) }),
      (e) => captcha.refused('totp', e),
    );
    if (result === undefined) return;
    captcha.passed();
    message.success(t('auth.account.totpDisabled'));
  }

  if (codes)
    return (
      <div className="space-y-3" data-testid="recovery-codes">
        <h3 className="font-medium text-stone-900">{t('auth.account.recoveryTitle')}</h3>
        <p className="text-sm text-stone-600">{t('auth.account.recoveryNote')}</p>
        <ul className="grid max-w-sm grid-cols-2 gap-1 rounded-lg bg-stone-50 p-3 font-mono text-sm">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <button type="button" className="btn-primary" onClick={() => setCodes(null)}>
          {t('auth.account.recoveryDone')}
        </button>
      </div>
    );

  if (me.totp_enabled)
    return (
      <form onSubmit={disable} noValidate className="max-w-sm space-y-3" data-testid="totp-off">
        <p className="text-sm text-stone-700">
          {t('auth.account.totpOn', { count: me.recovery_codes_left })}
        </p>
        <TextField
          label={t('auth.account.totpDisablePassword')}
          name="password"
          type="password"
          autoComplete="current-password"
          maxLength={OPERATOR_PASSWORD_MAX}
        />
        {captcha.field('totp')}
        <FormError message={error} />
        <button type="submit" className="btn-outline" disabled={busy}>
          {t('auth.account.totpDisable')}
        </button>
      </form>
    );

  if (setup)
    return (
      <form onSubmit={enable} noValidate className="space-y-3" data-testid="totp-setup">
        <p className="text-sm text-stone-700">{t('auth.account.totpScan')}</p>
        <div className="flex flex-wrap items-center gap-4">
          <img
            src={setup.qr_image}
            alt=""
            width={160}
            height={160}
            className="rounded-lg border border-stone-200"
          />
          <code className="rounded bg-stone-50 px-2 py-1 text-sm break-all" data-testid="totp-secret">
            {setup.secret}
          </code>
        </div>
        <TextField
          label={t('auth.account.totpCode')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          className="max-w-48"
        />
        <FormError message={error} />
        <button type="submit" className="btn-primary" disabled={busy}>
          {t('auth.account.totpConfirm')}
        </button>
      </form>
    );

  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-700">{t('auth.account.totpOff')}</p>
      <FormError message={error} />
      <button type="button" className="btn-outline" disabled={busy} onClick={() => void start()}>
        {t('auth.account.totpStart')}
      </button>
    </div>
  );
}

/**
 * The writes of the account page (its route's clientAction). A new password comes with a new
 * session token, kept before the page reloads who is logged in.
 */
export const accountActions = adminActions(
  [
    adminEndpoints.adminPassword,
    adminEndpoints.adminTotpSetup,
    adminEndpoints.adminTotpEnable,
    adminEndpoints.adminTotpDisable,
  ],
  (endpoint, data) => {
    if (endpoint === adminEndpoints.adminPassword) adminToken.write((data as { token: string }).token);
  },
);

export function AdminAccount() {
  const { t } = useAdminT();
  const me = useAdminMe();
  const captcha = usePasswordCaptcha();
  return (
    <AdminPage title={t('auth.account.title')} intro={`${me.email} · ${t(`common.role.${me.role}`)}`}>
      {me.must_change_password ? (
        <p
          role="status"
          className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {t('auth.account.mustChange')}
        </p>
      ) : null}
      <Panel title={t('auth.account.password')}>
        <PasswordForm captcha={captcha} />
      </Panel>
      {/* On a one-time password the API answers only the own session (decision 056): the second
          factor and the account's history wait for a password of the operator's own. */}
      <Panel title={t('auth.account.totp')}>
        {me.must_change_password ? (
          <p className="text-sm text-stone-600" data-testid="totp-after-password">
            {t('auth.account.totpAfterPassword')}
          </p>
        ) : (
          <TwoStep captcha={captcha} />
        )}
      </Panel>
      {me.must_change_password ? null : <AuditTrail objectType="operator" objectId={me.id} />}
    </AdminPage>
  );
}

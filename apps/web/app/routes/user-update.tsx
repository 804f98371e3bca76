import { useState, type FormEvent } from 'react';
import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/user-update';
import { UserShell } from '../components/user/user-shell';
import { AvatarUpload } from '../components/user/avatar-upload';
import {
  BIRTHDAY_MIN,
  hasErrors,
  localIsoDate,
  profileChanges,
  toSex,
  validateProfile,
  type ProfileErrors,
  type ProfileValues,
} from '../components/user/account-forms';
import { FormAlert, SubmitButton, TextField } from '../components/user/form-controls';
import { LoginRequired } from '../components/user/login-required';
import { SkeletonText } from '../components/ui/skeleton';
import { NICKNAME_MAX_LENGTH } from '@shop/domain/account';
import { isApiError } from '../lib/http';
import { pageMeta, type PageHandle } from '../lib/meta';
import { message } from '../lib/notify';
import { useUserStore, type UserInfo } from '../stores/user';

export const handle = { page: 'profile' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'profile');

const SEXES = [0, 1, 2] as const;

function valuesOf(info: UserInfo): ProfileValues {
  return { nickname: info.nickname, sex: toSex(info.sex), birthday: info.birthday, name: info.name };
}

/**
 * Profile fields of SPEC §3, saved by POST /api/front/user/info. SPEC §2 lists no guard, but the
 * page needs a token: logged out, it shows the guard's "please log in" card.
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  const tokenChecked = useUserStore((s) => s.tokenChecked);
  const token = useUserStore((s) => s.token);
  const info = useUserStore((s) => s.info);
  const loaded = useUserStore((s) => s.loaded);

  let content;
  if (tokenChecked && !token) content = <LoginRequired testId="page-login-prompt" />;
  else if (tokenChecked && loaded) content = <ProfileForm key={info.id} info={info} />;
  else
    content = (
      <div role="status" aria-busy="true" aria-label={t('common.loading')} className="card max-w-2xl p-6">
        <SkeletonText lines={6} />
      </div>
    );
  return <UserShell title={t('pages.profile.heading')}>{content}</UserShell>;
}

function ProfileForm({ info }: { info: UserInfo }) {
  const { t } = useTranslation();
  const updateProfile = useUserStore((s) => s.updateProfile);
  const [values, setValues] = useState<ProfileValues>(() => valuesOf(info));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState('');
  // Rendered only in the browser (it needs the stored token), so the local date is safe here.
  const today = localIsoDate(new Date());
  const name = info.nickname || info.name || t('user.defaultName');
  const errorText = (key: keyof ProfileValues) => {
    const error = errors[key];
    return error ? t(error.key, error.values) : undefined;
  };

  function change<K extends keyof ProfileValues>(key: K, value: ProfileValues[K]) {
    const next = { ...values, [key]: value };
    setValues(next);
    // After the first submit, errors follow the input as it is corrected.
    if (submitted) setErrors(validateProfile(next, today));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    setSubmitted(true);
    setServerError('');
    const found = validateProfile(values, today);
    setErrors(found);
    if (hasErrors(found)) {
      const first = (['nickname', 'birthday', 'name'] as const).find((key) => found[key]);
      if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
      return;
    }
    const changes = profileChanges(values, info);
    if (Object.keys(changes).length === 0) {
      message.info(t('profile.noChanges'));
      return;
    }
    setBusy(true);
    try {
      setValues(valuesOf(await updateProfile(changes)));
      message.success(t('profile.saved'));
    } catch (error) {
      // The shared client already showed the server's message as a pop-up; keep it here too.
      if (isApiError(error)) setServerError(error.msg);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="card max-w-2xl space-y-5 p-5 sm:p-6">
      <AvatarUpload info={info} name={name} />
      <TextField
        label={t('profile.nickname')}
        name="nickname"
        value={values.nickname}
        onChange={(e) => change('nickname', e.target.value)}
        autoComplete="nickname"
        required
        error={errorText('nickname')}
        hint={t('profile.nicknameHint', { count: values.nickname.trim().length, max: NICKNAME_MAX_LENGTH })}
      />
      <fieldset>
        <legend className="mb-1.5 block text-sm font-medium text-stone-800">{t('profile.sex')}</legend>
        <div className="flex flex-wrap gap-2">
          {SEXES.map((sex) => (
            <label
              key={sex}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-stone-200 px-4 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-200"
            >
              <input
                type="radio"
                name="sex"
                value={sex}
                checked={values.sex === sex}
                onChange={() => change('sex', sex)}
                className="accent-brand-700"
              />
              {t(`profile.sexes.${sex}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={t('profile.birthday')}
        name="birthday"
        type="date"
        min={BIRTHDAY_MIN}
        max={today}
        value={values.birthday}
        onChange={(e) => change('birthday', e.target.value)}
        autoComplete="bday"
        error={errorText('birthday')}
      />
      <TextField
        label={t('profile.realName')}
        name="name"
        value={values.name}
        onChange={(e) => change('name', e.target.value)}
        autoComplete="name"
        error={errorText('name')}
      />
      <FormAlert>{serverError}</FormAlert>
      <SubmitButton busy={busy} busyText={t('common.saving')}>
        {t('common.save')}
      </SubmitButton>
    </form>
  );
}

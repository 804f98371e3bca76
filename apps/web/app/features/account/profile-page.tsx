// The page of routes/user-update.tsx, fetched by its clientLoader next to its data (lib/deferred.ts):
// not part of the page's first load (issue 16).
import { useTranslation } from '../../i18n/use-translation';
import { UserShell } from '../../components/ui/user-shell';
import { AvatarUpload } from './avatar-upload';
import {
  BIRTHDAY_MIN,
  localIsoDate,
  profileChanges,
  toSex,
  validateProfile,
  type ProfileValues,
} from './account-forms';
import { FormAlert, SubmitButton, TextField } from '../../components/ui/form-controls';
import { LoginRequired } from '../../components/ui/login-required';
import { SkeletonText } from '../../components/ui/skeleton';
import { useCheckedForm } from '../../components/ui/use-checked-form';
import { NICKNAME_MAX_LENGTH } from '@shop/domain/account';
import { message } from '../../lib/toast';
import { useUserStore, type UserInfo } from '../../stores/user';

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
  // Rendered only in the browser (it needs the stored token), so the local date is safe here.
  const today = localIsoDate(new Date());
  const name = info.nickname || info.name || t('user.defaultName');
  const { draft, change, settle, errorText, busy, serverError, onSubmit } = useCheckedForm({
    initial: () => valuesOf(info),
    fields: ['nickname', 'birthday', 'name'],
    validate: (values: ProfileValues) => validateProfile(values, today),
    send,
  });

  async function send(values: ProfileValues) {
    const changes = profileChanges(values, info);
    if (Object.keys(changes).length === 0) {
      message.info(t('profile.noChanges'));
      settle(values);
      return;
    }
    settle(valuesOf(await updateProfile(changes)));
    message.success(t('profile.saved'));
  }

  return (
    <form noValidate onSubmit={onSubmit} className="card max-w-2xl space-y-5 p-5 sm:p-6">
      <AvatarUpload info={info} name={name} />
      <TextField
        label={t('profile.nickname')}
        name="nickname"
        value={draft.nickname}
        onChange={(e) => change({ ...draft, nickname: e.target.value })}
        error={errorText('nickname')}
        autoComplete="nickname"
        required
        hint={t('profile.nicknameHint', { count: draft.nickname.trim().length, max: NICKNAME_MAX_LENGTH })}
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
                checked={draft.sex === sex}
                onChange={() => change({ ...draft, sex })}
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
        value={draft.birthday}
        onChange={(e) => change({ ...draft, birthday: e.target.value })}
        error={errorText('birthday')}
        type="date"
        min={BIRTHDAY_MIN}
        max={today}
        autoComplete="bday"
      />
      <TextField
        label={t('profile.realName')}
        name="name"
        value={draft.name}
        onChange={(e) => change({ ...draft, name: e.target.value })}
        error={errorText('name')}
        autoComplete="name"
      />
      <FormAlert>{serverError}</FormAlert>
      <SubmitButton busy={busy} busyText={t('common.saving')}>
        {t('common.save')}
      </SubmitButton>
    </form>
  );
}

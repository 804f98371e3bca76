import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/user-update';
import { UserShell } from '../components/user/user-shell';
import { Avatar } from '../components/user/avatar';
import { Field } from '../components/ui/field';
import { pageMeta, type PageHandle } from '../lib/meta';
import { useUserStore } from '../stores/user';

export const handle = { page: 'profile' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'profile');

const SEXES = [0, 1, 2] as const;

/** Profile fields of SPEC §3 (saved by POST /api/front/user/info, accounts issue). */
export default function ProfilePage() {
  const { t } = useTranslation();
  const info = useUserStore((s) => s.info);
  const loaded = useUserStore((s) => s.loaded);
  const name = info.nickname || info.name || t('user.defaultName');
  return (
    <UserShell title={t('pages.profile.heading')}>
      <form
        key={loaded ? info.id : 'empty'}
        className="card max-w-2xl space-y-5 p-5 sm:p-6"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="flex items-center gap-4">
          <Avatar src={info.avatar} name={name} size={64} />
          <button type="button" disabled className="btn-outline">
            {t('profile.changeAvatar')}
          </button>
        </div>
        <Field
          label={t('profile.nickname')}
          name="nickname"
          defaultValue={info.nickname}
          maxLength={32}
          autoComplete="nickname"
        />
        <fieldset>
          <legend className="mb-1.5 block text-sm font-medium text-stone-800">{t('profile.sex')}</legend>
          <div className="flex gap-2">
            {SEXES.map((sex) => (
              <label
                key={sex}
                className="flex cursor-pointer items-center gap-2 rounded-lg border border-stone-200 px-4 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="sex"
                  value={sex}
                  defaultChecked={info.sex === sex}
                  className="accent-brand-700"
                />
                {t(`profile.sexes.${sex}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <Field label={t('profile.birthday')} name="birthday" type="date" defaultValue={info.birthday} />
        <Field
          label={t('profile.email')}
          name="email"
          type="email"
          defaultValue={info.email}
          readOnly
          hint={t('profile.emailHint')}
        />
        <button type="submit" disabled className="btn-primary h-11 px-8">
          {t('common.save')}
        </button>
        <p className="text-xs text-stone-600">{t('common.comingSoon')}</p>
      </form>
    </UserShell>
  );
}

import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { chooseRegion, regionChoices, type AddressDraft, type Region } from './address';
import { addressApi } from './address-api';
import { useRemote } from '../../lib/use-remote';

type Level = 'province_id' | 'city_id' | 'district_id';
const LEVELS: ReadonlyArray<{ level: Level; label: 'province' | 'city' | 'district' }> = [
  { level: 'province_id', label: 'province' },
  { level: 'city_id', label: 'city' },
  { level: 'district_id', label: 'district' },
];
const PROMPT = {
  province_id: 'address.form.chooseProvince',
  city_id: 'address.form.chooseCity',
  district_id: 'address.form.chooseDistrict',
} as const;

/**
 * Province → city → district from GET /api/front/region/list, as three native selects (the
 * phone's own picker on a phone). A level opens once the one above it is chosen; changing a level
 * clears those below it; a level with one choice is chosen for the buyer.
 */
export function RegionSelects({
  draft,
  onChange,
  errors,
}: {
  draft: AddressDraft;
  onChange: (draft: AddressDraft) => void;
  errors: Partial<Record<Level, string | undefined>>;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const remote = useRemote(`regions|${i18n.language}`, () => addressApi.regions());
  const regions: readonly Region[] = remote.data ?? [];
  const loading = !remote.data && !remote.error;
  const choices = regionChoices(regions, draft);
  const options: Record<Level, Region[]> = {
    province_id: choices.provinces,
    city_id: choices.cities,
    district_id: choices.districts,
  };
  const error = LEVELS.map(({ level }) => errors[level]).find(Boolean);
  const errorId = `${id}-error`;

  return (
    <fieldset aria-busy={loading || undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-stone-800">{t('address.form.region')}</legend>
      <div className="grid gap-2 @lg:grid-cols-3">
        {LEVELS.map(({ level, label }, index) => {
          const above = index === 0 ? true : draft[LEVELS[index - 1]!.level] !== null;
          const invalid = Boolean(errors[level]);
          return (
            <div key={level}>
              <label htmlFor={`${id}-${level}`} className="sr-only">
                {t(`address.form.${label}`)}
              </label>
              <select
                id={`${id}-${level}`}
                name={level}
                value={draft[level] ?? ''}
                disabled={loading || !above}
                onChange={(e) =>
                  onChange(
                    chooseRegion(regions, draft, level, e.target.value ? Number(e.target.value) : null),
                  )
                }
                aria-invalid={invalid || undefined}
                aria-describedby={invalid ? errorId : undefined}
                className={`input h-11 truncate pr-8 disabled:bg-stone-50 disabled:text-stone-500 ${
                  invalid ? 'border-red-600 focus:border-red-600 focus:ring-red-100' : ''
                }`}
              >
                <option value="">{loading ? t('address.form.regionsLoading') : t(PROMPT[level])}</option>
                {options[level].map((region) => (
                  <option key={region.id} value={region.id}>
                    {region.name}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>
      {remote.error ? (
        <p role="alert" className="mt-1.5 text-sm text-red-700">
          {t('address.form.regionsFailed')}{' '}
          <button
            type="button"
            onClick={remote.reload}
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            {t('errors.retry')}
          </button>
        </p>
      ) : error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

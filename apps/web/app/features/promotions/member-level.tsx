import type { UserInfo } from '@shop/contract/account';
import { useTranslation } from '../../i18n/use-translation';
import { formatMoney } from '../../lib/format';
import { levelProgress } from './promotions';

/**
 * The user center's member level (issue 31): the level the buyer holds and what it gives, and the
 * way to the next one (what is still to spend, a progress bar). Levels are measured by lifetime
 * spend in CNY (decision 070); the figures are the API's. Nothing when the shop has no levels.
 */
export default function MemberLevel({
  info,
}: {
  info: Pick<UserInfo, 'level' | 'next_level' | 'lifetime_spend'>;
}) {
  const { t } = useTranslation();
  const { level, next_level: next } = info;
  // A shop without member levels: nothing to say.
  if (!level && !next) return null;
  const progress = next ? levelProgress(info.lifetime_spend, next.threshold) : 100;
  return (
    <section aria-labelledby="member-level" className="card mt-6 p-5 sm:p-6" data-testid="member-level">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="member-level" className="text-base font-semibold text-stone-900">
          {t('promotions.level.heading')}
        </h2>
        <p className="text-xs text-stone-600">
          {t('promotions.level.spent', { amount: formatMoney(info.lifetime_spend, 'CNY') })}
        </p>
      </div>
      <p className="mt-3 flex flex-wrap items-center gap-2">
        <span
          className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset ${
            level ? 'bg-amber-50 text-amber-900 ring-amber-300' : 'bg-stone-100 text-stone-700 ring-stone-200'
          }`}
          data-testid="member-level-name"
        >
          {level ? level.name : t('promotions.level.none')}
        </span>
        {level ? (
          <span className="text-sm text-stone-700" data-testid="member-level-perk">
            {level.discount_percent !== '0'
              ? t('promotions.level.percentOff', { percent: level.discount_percent })
              : t('promotions.level.levelPrices')}
          </span>
        ) : null}
      </p>
      {next ? (
        <div className="mt-4">
          <p className="text-sm text-stone-700" data-testid="member-level-next">
            {t('promotions.level.toNext', {
              amount: formatMoney(next.remaining, 'CNY'),
              level: next.name,
            })}
          </p>
          <div
            role="progressbar"
            aria-label={t('promotions.level.progressLabel', { level: next.name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="mt-2 h-2.5 overflow-hidden rounded-full bg-stone-100"
          >
            <div className="h-full rounded-full bg-brand-700" style={{ width: `${progress}%` }} />
          </div>
          <p className="mt-1.5 flex justify-between text-xs text-stone-500 tabular-nums">
            <span>{formatMoney(info.lifetime_spend, 'CNY')}</span>
            <span>{formatMoney(next.threshold, 'CNY')}</span>
          </p>
        </div>
      ) : level ? (
        <p className="mt-4 text-sm text-stone-700" data-testid="member-level-top">
          {t('promotions.level.top')}
        </p>
      ) : null}
    </section>
  );
}

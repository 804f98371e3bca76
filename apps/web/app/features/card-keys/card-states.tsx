import { useTranslation } from '../../i18n/use-translation';
import { ShieldIcon } from '../../components/ui/icons';
import { Skeleton, LoadingRegion } from '../../components/ui/skeleton';

/** Never share keys; every reveal is recorded (decision 020). */
export function CardSafetyNote() {
  const { t } = useTranslation();
  return (
    <aside
      className="flex gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200"
      data-testid="card-safety"
    >
      <ShieldIcon size={20} className="mt-0.5 shrink-0 text-amber-700" />
      <p>
        <strong className="font-semibold">{t('orderCard.safetyTitle')}</strong>
        {t('common.sentenceSeparator')}
        {t('orderCard.safetyText')}
      </p>
    </aside>
  );
}

export function CardsSkeleton() {
  return (
    <LoadingRegion className="card p-4 sm:p-6" testId="cards-loading">
      <Skeleton className="h-5 w-48" />
      <div className="mt-4 space-y-3">
        {Array.from({ length: 2 }, (_, i) => (
          <div key={i} aria-hidden="true" className="rounded-lg border border-stone-200 p-4">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="mt-2 h-3 w-40" />
            <div className="mt-3 flex gap-2">
              <Skeleton className="h-11 flex-1" />
              <Skeleton className="h-11 w-24" />
            </div>
          </div>
        ))}
      </div>
    </LoadingRegion>
  );
}

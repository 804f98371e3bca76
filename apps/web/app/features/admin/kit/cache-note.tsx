import { useAdminT } from './use-admin-t';

/** "Buyers see this change within N seconds": the storefront caches for that long. */
export function CacheNote({ seconds }: { seconds: number }) {
  const { t } = useAdminT();
  return (
    <p
      className="flex items-start gap-2 rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900"
      data-testid="cache-note"
    >
      <span aria-hidden="true">ⓘ</span>
      {t('common.cacheNote', { seconds })}
    </p>
  );
}

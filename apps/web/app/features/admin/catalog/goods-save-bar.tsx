import { FormError } from '../kit/form';
import { useAdminT } from '../kit/use-admin-t';
import { type GoodsDetail } from './goods-draft';

/** The bar under the form: the refusal or the sales and cache note, and the save button. */
export function GoodsSaveBar({
  current,
  formError,
  busy,
  seconds,
}: {
  current: GoodsDetail | null;
  formError: string;
  busy: boolean;
  seconds: number;
}) {
  const { t } = useAdminT();
  return (
    <div className="sticky bottom-0 z-10 -mx-4 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          {formError ? (
            <FormError message={formError} />
          ) : (
            <p className="text-xs text-stone-500">
              {current ? t('catalog.form.sales', { count: current.sales }) : null}
              {current ? ' · ' : null}
              {t('common.cacheNote', { seconds })}
            </p>
          )}
        </div>
        <button type="submit" className="btn-primary" disabled={busy} data-testid="goods-save">
          {busy ? t('common.saving') : current ? t('common.save') : t('catalog.form.create')}
        </button>
      </div>
    </div>
  );
}

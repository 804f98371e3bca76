import type { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { useAdminT } from '../kit/use-admin-t';

export type StockRow = EndpointData<typeof adminEndpoints.keysStock>['list'][number];

/** The same option (a SKU, or a face value of one goods). */
export const sameOption = (
  row: Pick<StockRow, 'goods_id' | 'goods_sku_id' | 'face_value'>,
  other: Pick<StockRow, 'goods_id' | 'goods_sku_id' | 'face_value'>,
) =>
  row.goods_id === other.goods_id &&
  row.goods_sku_id === other.goods_sku_id &&
  row.face_value === other.face_value;

/**
 * The stock of card-key options as cards: available keys large, the other states beside, a
 * low-stock flag when the available keys are under the goods' alert level. Choosing a card makes
 * its option the import target and the list's filter.
 */
export function StockCards({
  rows,
  selected,
  withGoods,
  onChoose,
}: {
  rows: StockRow[];
  selected: StockRow | null;
  /** Name the goods on each card (the shop-wide low-stock view). */
  withGoods: boolean;
  onChoose: (row: StockRow) => void;
}) {
  const { t, locale } = useAdminT();
  const en = locale === 'en';
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="keys-stock">
      {rows.map((r) => {
        const option = (en ? r.option_name_en : r.option_name_zh) || r.option_name_zh;
        const goods = (en ? r.goods_name_en : r.goods_name_zh) || r.goods_name_zh;
        const label = withGoods ? `${goods} · ${option}` : option;
        const current = selected !== null && sameOption(r, selected);
        return (
          <li key={`${r.goods_id}-${r.goods_sku_id ?? `f${r.face_value}`}`}>
            <button
              type="button"
              aria-pressed={current}
              title={t('keys.stock.choose', { name: label })}
              onClick={() => onChoose(r)}
              className={`card block h-full w-full p-4 text-left transition-colors hover:border-brand-400 ${
                current ? 'border-brand-600 ring-2 ring-brand-200' : ''
              } ${r.low ? 'bg-amber-50/60' : ''}`}
              data-testid="keys-stock-card"
            >
              <span className="flex items-start justify-between gap-2">
                <span className="min-w-0">
                  {withGoods ? <span className="block truncate text-xs text-stone-500">{goods}</span> : null}
                  <span className="block truncate font-medium text-stone-900">{option}</span>
                </span>
                <span className="flex shrink-0 flex-wrap justify-end gap-1">
                  {r.low ? (
                    <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800">
                      {t('keys.stock.low')}
                    </span>
                  ) : null}
                  {r.on_sale ? null : (
                    <span className="rounded bg-stone-100 px-1.5 py-0.5 text-xs text-stone-600">
                      {t('keys.stock.offSale')}
                    </span>
                  )}
                  {current ? (
                    <span className="rounded bg-brand-100 px-1.5 py-0.5 text-xs text-brand-800">
                      {t('keys.stock.selected')}
                    </span>
                  ) : null}
                </span>
              </span>
              <span className="mt-3 flex items-end justify-between gap-3">
                <span>
                  <span
                    className={`block text-3xl font-semibold tabular-nums ${r.low ? 'text-amber-800' : 'text-stone-900'}`}
                  >
                    {r.available}
                  </span>
                  <span className="text-xs text-stone-500">{t('keys.stock.available')}</span>
                </span>
                <span className="grid grid-cols-3 gap-x-3 text-right text-xs text-stone-600">
                  {(['reserved', 'sold', 'void'] as const).map((state) => (
                    <span key={state}>
                      <span className="block font-medium text-stone-900 tabular-nums">{r[state]}</span>
                      {t(`keys.stock.${state}`)}
                    </span>
                  ))}
                </span>
              </span>
              <span className="mt-2 block text-xs text-stone-500">
                {r.stock_alert > 0
                  ? t('keys.stock.alert', { count: r.stock_alert })
                  : t('keys.stock.noAlert')}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

import { SPEC_TYPE } from '@shop/domain/catalog';
import { CATALOG_LIMITS as L } from '@shop/contract/admin/catalog.endpoints';
import { Toggle } from '../kit/form';
import { type AdminKey, useAdminT } from '../kit/use-admin-t';
import { type DraftErrors, newOption, type OptionDraft, type SpecType } from './goods-draft';
import { RemoveRowCell, RowsFoot } from '../kit/row-editor';

type Cell = {
  field: keyof OptionDraft & string;
  header: AdminKey;
  width: string;
  inputMode?: 'decimal' | 'numeric';
  lang?: string;
  max?: number;
  placeholder?: AdminKey;
};

/**
 * The goods' SKUs or face values as an editable table: add and remove rows, every price beside
 * its names. A row that card keys, carts or orders use cannot be removed (the API refuses too):
 * it goes off sale instead, and a used face value keeps its amount. Card-key goods show their
 * available keys where others type a stock.
 */
export function OptionsEditor({
  spec,
  cards,
  rows,
  errors,
  errorPrefix,
  onChange,
}: {
  spec: SpecType;
  cards: boolean;
  rows: OptionDraft[];
  errors: DraftErrors;
  errorPrefix: string;
  onChange: (rows: OptionDraft[]) => void;
}) {
  const { t } = useAdminT();
  const cells: Cell[] = [
    ...(spec === SPEC_TYPE.FACE_VALUE
      ? [
          {
            field: 'face_value',
            header: 'catalog.form.faceValue',
            width: 'w-24',
            inputMode: 'numeric',
          } as const,
        ]
      : []),
    {
      field: 'name_zh',
      header: spec === SPEC_TYPE.SKU ? 'catalog.form.specZh' : 'catalog.form.labelZh',
      width: 'min-w-32',
      lang: 'zh-CN',
      max: L.name,
    },
    {
      field: 'name_en',
      header: spec === SPEC_TYPE.SKU ? 'catalog.form.specEn' : 'catalog.form.labelEn',
      width: 'min-w-32',
      lang: 'en',
      max: L.name,
    },
    { field: 'price_cny', header: 'catalog.form.priceCny', width: 'w-22', inputMode: 'decimal', max: 10 },
    {
      field: 'price_usd',
      header: 'catalog.form.priceUsd',
      width: 'w-22',
      inputMode: 'decimal',
      max: 10,
      placeholder: 'catalog.form.priceUsdHint',
    },
    {
      field: 'original_cny',
      header: 'catalog.form.originalCny',
      width: 'w-22',
      inputMode: 'decimal',
      max: 10,
    },
    ...(cards
      ? []
      : [
          {
            field: 'stock',
            header: 'catalog.form.stock',
            width: 'w-22',
            inputMode: 'numeric',
            max: 10,
            placeholder: 'catalog.form.stockHint',
          } as const,
        ]),
    { field: 'sort', header: 'catalog.form.sort', width: 'w-16', inputMode: 'numeric', max: 7 },
  ];

  const update = (index: number, patch: Partial<OptionDraft>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  return (
    <div className="space-y-3" data-testid="options-editor">
      {cards ? <p className="text-xs text-stone-500">{t('catalog.form.keysNote')}</p> : null}
      <div className="overflow-x-auto rounded-lg border border-stone-200">
        <table className="w-full min-w-[900px] text-left text-sm">
          <thead className="bg-stone-50 text-xs font-medium text-stone-600">
            <tr>
              <th scope="col" className="w-8 px-2 py-2 text-right">
                #
              </th>
              {cells.map((c) => (
                <th key={c.field} scope="col" className="px-2 py-2">
                  {t(c.header)}
                </th>
              ))}
              {cards ? (
                <th scope="col" className="w-20 px-2 py-2 text-right">
                  {t('catalog.form.keys')}
                </th>
              ) : null}
              <th scope="col" className="relative w-16 px-2 py-2">
                {t('catalog.form.optionSale')}
              </th>
              <th scope="col" className="relative w-16 px-2 py-2">
                <span className="sr-only">{t('common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {rows.map((row, i) => (
              <tr key={row.key} className="align-top">
                <td className="px-2 py-2 pt-4 text-right text-xs text-stone-500 tabular-nums">{i + 1}</td>
                {cells.map((c) => {
                  const error = errors[`${errorPrefix}.${i}.${c.field}`];
                  const locked = c.field === 'face_value' && row.in_use;
                  const id = `${row.key}-${c.field}`;
                  return (
                    <td key={c.field} className="px-2 py-2">
                      <div className={c.width}>
                        <input
                          id={id}
                          className={`input h-9 px-2 ${c.inputMode ? 'text-right tabular-nums' : ''}`}
                          value={String(row[c.field] ?? '')}
                          inputMode={c.inputMode}
                          lang={c.lang}
                          maxLength={c.max}
                          readOnly={locked}
                          title={locked ? t('catalog.form.inUse') : undefined}
                          placeholder={c.placeholder ? t(c.placeholder) : undefined}
                          aria-label={t('catalog.form.rowLabel', { n: i + 1, field: t(c.header) })}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${id}-msg` : undefined}
                          onChange={(e) => update(i, { [c.field]: e.target.value })}
                        />
                        {error ? (
                          <p id={`${id}-msg`} role="alert" className="mt-1 text-xs text-red-700">
                            {error}
                          </p>
                        ) : null}
                      </div>
                    </td>
                  );
                })}
                {cards ? (
                  <td className="px-2 py-2 pt-4 text-right tabular-nums">{row.available_keys ?? 0}</td>
                ) : null}
                <td className="px-2 py-2 pt-3">
                  <Toggle
                    label={t('catalog.form.rowLabel', { n: i + 1, field: t('catalog.form.optionSale') })}
                    showLabel={false}
                    checked={row.on_sale}
                    onChange={(on_sale) => update(i, { on_sale })}
                  />
                </td>
                <RemoveRowCell
                  n={i + 1}
                  inUse={row.in_use}
                  inUseNote={t('catalog.form.inUse')}
                  onRemove={() => onChange(rows.filter((_, j) => j !== i))}
                />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <RowsFoot
        anyInUse={rows.some((r) => r.in_use)}
        inUseNote={t('catalog.form.inUse')}
        error={errors.options}
        addLabel={t(spec === SPEC_TYPE.SKU ? 'catalog.form.addOption' : 'catalog.form.addFace')}
        canAdd={rows.length < L.options}
        onAdd={() => onChange([...rows, newOption(rows.length)])}
      />
    </div>
  );
}

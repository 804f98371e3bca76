import { RECHARGE_TYPE } from '@shop/domain/catalog';
import { Panel } from '../kit/admin-page';
import { SelectField, TextField, Toggle } from '../kit/form';
import { useAdminT } from '../kit/use-admin-t';
import { type AdminCategory, categoryChoices } from './categories';
import { type RechargeType, type SpecType } from './goods-draft';

import type { PanelProps } from './goods-form-types';

/** The goods' basics: category, recharge and spec type, sort, stock alert, on sale, ships. */
export function GoodsBasics({
  draft,
  errors,
  set,
  tree,
  setSpec,
}: PanelProps & { tree: AdminCategory[]; setSpec: (spec: SpecType) => void }) {
  const { t, locale } = useAdminT();
  const cards = draft.recharge_type === RECHARGE_TYPE.CARD_KEY;
  return (
    <Panel title={t('catalog.form.basics')}>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <SelectField
          label={t('catalog.form.category')}
          value={draft.category_id}
          error={errors.category_id}
          onChange={(e) => set({ category_id: e.target.value })}
        >
          <option value="">{t('catalog.form.chooseCategory')}</option>
          {categoryChoices(tree, locale).map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('catalog.form.rechargeType')}
          value={draft.recharge_type}
          hint={t(`catalog.goods.rechargeHint.${draft.recharge_type}`)}
          onChange={(e) => set({ recharge_type: Number(e.target.value) as RechargeType })}
        >
          {([1, 2, 3] as const).map((type) => (
            <option key={type} value={type}>
              {t(`catalog.goods.recharge.${type}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('catalog.form.specType')}
          value={draft.spec_type}
          onChange={(e) => setSpec(Number(e.target.value) as SpecType)}
        >
          {([1, 2] as const).map((spec) => (
            <option key={spec} value={spec}>
              {t(`catalog.goods.spec.${spec}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('catalog.form.sort')}
          inputMode="numeric"
          value={draft.sort}
          maxLength={7}
          hint={t('catalog.form.sortHint')}
          error={errors.sort}
          onChange={(e) => set({ sort: e.target.value })}
        />
        {cards ? (
          <TextField
            label={t('catalog.form.stockAlert')}
            inputMode="numeric"
            value={draft.stock_alert}
            maxLength={10}
            hint={t('catalog.form.stockAlertHint')}
            error={errors.stock_alert}
            onChange={(e) => set({ stock_alert: e.target.value })}
          />
        ) : null}
        <div className="flex flex-col justify-center gap-3">
          <Toggle
            label={t('catalog.form.onSale')}
            checked={draft.on_sale}
            onChange={(on_sale) => set({ on_sale })}
          />
          {draft.recharge_type === RECHARGE_TYPE.MANUAL ? (
            <div>
              <Toggle
                label={t('catalog.form.ships')}
                checked={draft.ships}
                onChange={(ships) => set({ ships })}
              />
              <p className="mt-1 text-xs text-stone-500">{t('catalog.form.shipsHint')}</p>
            </div>
          ) : null}
        </div>
      </div>
    </Panel>
  );
}

import { CATALOG_LIMITS as L } from '@shop/contract/admin/catalog.endpoints';
import { Panel } from '../kit/admin-page';
import { useAdminT } from '../kit/use-admin-t';
import { BilingualField } from './bilingual-field';

import type { PanelProps } from './goods-form-types';
import { sideOf } from './goods-form-types';

/** The goods' texts in both languages: name, subtitle, description, instructions. */
export function GoodsTexts(props: PanelProps) {
  const { t } = useAdminT();
  const side = sideOf(props);
  return (
    <Panel title={t('catalog.form.texts')}>
      <p className="-mt-2 mb-4 text-sm text-stone-500">{t('catalog.form.textsHint')}</p>
      <div className="space-y-4">
        <BilingualField
          label={t('catalog.form.name')}
          zh={side('name_zh')}
          en={side('name_en')}
          max={L.name}
          testId="name"
        />
        <BilingualField
          label={t('catalog.form.subtitle')}
          zh={side('subtitle_zh')}
          en={side('subtitle_en')}
          max={L.subtitle}
          testId="subtitle"
        />
        <BilingualField
          label={t('catalog.form.description')}
          zh={side('description_zh')}
          en={side('description_en')}
          max={L.longText}
          multiline
          hint={t('catalog.form.descriptionHint')}
          testId="description"
        />
        <BilingualField
          label={t('catalog.form.instructions')}
          zh={side('instructions_zh')}
          en={side('instructions_en')}
          max={L.longText}
          multiline
          testId="instructions"
        />
      </div>
    </Panel>
  );
}

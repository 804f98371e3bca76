import { CATALOG_LIMITS as L } from '@shop/contract/admin/catalog.endpoints';
import { Panel } from '../kit/admin-page';
import { Toggle } from '../kit/form';
import { ImageUpload } from '../kit/image-upload';
import { useAdminT } from '../kit/use-admin-t';
import { BilingualField } from './bilingual-field';
import { ServersEditor } from './servers-editor';

import type { PanelProps } from './goods-form-types';
import { sideOf } from './goods-form-types';

/** A top-up goods' servers and the hint that tells the buyer where to find their player ID. */
export function GoodsTopup(props: PanelProps) {
  const { t } = useAdminT();
  const { draft, errors, set } = props;
  const side = sideOf(props);
  return (
    <Panel title={t('catalog.form.topup')}>
      <div className="space-y-5">
        <ServersEditor rows={draft.servers} errors={errors} onChange={(servers) => set({ servers })} />
        <BilingualField
          label={t('catalog.form.playerHint')}
          zh={side('player_hint_zh')}
          en={side('player_hint_en')}
          max={L.playerHint}
          multiline
          hint={t('catalog.form.playerHintHint')}
          testId="player-hint"
        />
        <div className="max-w-md">
          <ImageUpload
            label={t('catalog.form.playerHintImage')}
            value={draft.player_hint_image}
            error={errors.player_hint_image}
            onChange={(player_hint_image) => set({ player_hint_image })}
          />
        </div>
        <Toggle
          label={t('catalog.form.topupMultiple')}
          checked={draft.topup_multiple}
          onChange={(topup_multiple) => set({ topup_multiple })}
        />
      </div>
    </Panel>
  );
}

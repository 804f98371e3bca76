import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { CONTENT_TEXT_MAX as MAX } from '@shop/contract/admin/content.limits';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { adminApi, adminQuiet } from '../kit/admin-api';
import { adminLoader, queryOf } from '../kit/admin-loader';
import { ContentListPage, useContentList } from './content-list';
import { GoodsPicker } from './goods-picker';
import {
  anyError,
  BilingualFields,
  bothRequired,
  hrefError,
  type Placement,
  PlacementFields,
  placementBody,
  placementOf,
  SORT_BOUNDS,
  Thumb,
  TwoNames,
  wholeError,
} from '../kit/parts';
import type { Column } from '../kit/data-table';
import { FormDialog, useSubmit } from '../kit/form-dialog';
import { ImageUpload } from '../kit/image-upload';
import { useAdminT } from '../kit/use-admin-t';

type Zone = EndpointData<typeof adminEndpoints.zoneList>['list'][number];

export const zonesLoader = adminLoader(({ request }) =>
  adminQuiet.call(adminEndpoints.zoneList, queryOf(request, ['keyword', 'is_show'])),
);

type Draft = Placement & {
  name: { zh: string; en: string };
  subtitle: { zh: string; en: string };
  banner: string;
};

function ZoneDialog({
  zone,
  onClose,
  onSaved,
}: {
  zone: Zone | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useAdminT();
  const [draft, setDraft] = useState<Draft>(() =>
    zone
      ? {
          name: { zh: zone.name_zh, en: zone.name_en },
          subtitle: { zh: zone.subtitle_zh, en: zone.subtitle_en },
          banner: zone.banner,
          ...placementOf(zone),
        }
      : { name: { zh: '', en: '' }, subtitle: { zh: '', en: '' }, banner: '', ...placementOf(null) },
  );
  const [errors, setErrors] = useState<{
    name?: { zh?: string; en?: string };
    banner?: string;
    sort?: string;
  }>({});
  const { busy, error, submit } = useSubmit(async () => {
    const found = {
      name: bothRequired(t, t('content.zones.name'), draft.name),
      banner: hrefError(t, t('content.zones.banner'), draft.banner, false),
      sort: wholeError(t, t('content.common.sort'), draft.sort, SORT_BOUNDS),
    };
    setErrors(found);
    if (anyError(found)) return;
    const body = {
      name_zh: draft.name.zh,
      name_en: draft.name.en,
      subtitle_zh: draft.subtitle.zh,
      subtitle_en: draft.subtitle.en,
      banner: draft.banner.trim(),
      ...placementBody(draft),
    };
    if (zone) await adminQuiet.call(adminEndpoints.zoneUpdate, { id: zone.id, ...body });
    else await adminQuiet.call(adminEndpoints.zoneCreate, body);
    onSaved();
  });

  return (
    <FormDialog
      title={zone ? t('content.zones.edit') : t('content.zones.new')}
      testId="zone-dialog"
      busy={busy}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      <BilingualFields
        label={t('content.zones.name')}
        name="name"
        value={draft.name}
        max={MAX.title}
        errors={errors.name ?? {}}
        onChange={(name) => setDraft({ ...draft, name })}
      />
      <BilingualFields
        label={t('content.common.subtitle')}
        name="subtitle"
        value={draft.subtitle}
        max={MAX.subtitle}
        onChange={(subtitle) => setDraft({ ...draft, subtitle })}
      />
      <ImageUpload
        label={t('content.zones.banner')}
        value={draft.banner}
        error={errors.banner}
        onChange={(banner) => setDraft({ ...draft, banner })}
      />
      <PlacementFields value={draft} errors={errors} onChange={setDraft} />
    </FormDialog>
  );
}

export function Zones() {
  const { t, locale } = useAdminT();
  const page = useLoaderData<typeof zonesLoader>();
  const name = (z: Zone) => (locale === 'en' ? z.name_en : z.name_zh);
  const list = useContentList({
    rows: page.list,
    total: page.total,
    name,
    update: (z, patch) => adminApi.call(adminEndpoints.zoneUpdate, { id: z.id, ...patch }),
    remove: (z) => adminApi.call(adminEndpoints.zoneDelete, { id: z.id }),
    reorder: (ids) => adminApi.call(adminEndpoints.zoneReorder, { ids }),
  });
  const [picking, setPicking] = useState<Zone | null>(null);

  const columns: Column<Zone>[] = [
    list.orderColumn,
    { key: 'banner', header: t('content.zones.banner'), cell: (z) => <Thumb src={z.banner} wide /> },
    {
      key: 'name',
      header: t('content.zones.name'),
      className: 'max-w-56',
      cell: (z) => (
        <div className="flex items-center gap-2">
          <TwoNames zh={z.name_zh} en={z.name_en} />
          <Link
            to={`/zone/${z.id}`}
            target="_blank"
            rel="noreferrer"
            className="text-xs text-brand-700 hover:underline"
          >
            {t('content.common.view')}
          </Link>
        </div>
      ),
    },
    {
      key: 'goods',
      header: t('content.goods.title'),
      cell: (z) => (
        <button type="button" className="btn-outline h-8 px-2 text-xs" onClick={() => setPicking(z)}>
          {t('content.goods.count', { count: z.goods_count })}
        </button>
      ),
    },
    list.showColumn,
    list.actionsColumn(),
  ];

  return (
    <ContentListPage
      area="zones"
      auditType="zone"
      page={page}
      columns={columns}
      version={list.version}
      onNew={() => list.setEditing('new')}
    >
      {list.editing ? (
        <ZoneDialog
          zone={list.editing === 'new' ? null : list.editing}
          onClose={() => list.setEditing(null)}
          onSaved={list.saved}
        />
      ) : null}
      {picking ? (
        <GoodsPicker
          kind="zone"
          id={picking.id}
          title={t('content.goods.of', { name: name(picking) })}
          onClose={() => setPicking(null)}
          onSaved={list.savedBy(() => setPicking(null))}
        />
      ) : null}
    </ContentListPage>
  );
}

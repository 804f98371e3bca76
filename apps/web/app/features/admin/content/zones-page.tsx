import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { CONTENT_TEXT_MAX as MAX } from '@shop/contract/admin/content.limits';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { adminQuiet } from '../kit/admin-api';
import { adminActions } from '../kit/actions';
import { TwoNames, Thumb } from '../kit/cells';
import { ContentDialog } from './content-dialog';
import { adminLoader, queryOf } from '../kit/admin-loader';
import { ContentListPage, useContentList } from './content-list';
import { GoodsPicker } from './goods-picker';
import type { Column } from '../kit/data-table';
import { useAdminT } from '../kit/use-admin-t';

type Zone = EndpointData<typeof adminEndpoints.zoneList>['list'][number];

/** The writes of the zones page (its route's clientAction). */
export const zonesActions = adminActions([
  adminEndpoints.zoneCreate,
  adminEndpoints.zoneUpdate,
  adminEndpoints.zoneDelete,
  adminEndpoints.zoneReorder,
  adminEndpoints.zoneGoodsSet,
]);

export const zonesLoader = adminLoader(({ request }) =>
  adminQuiet.call(adminEndpoints.zoneList, queryOf(request, ['keyword', 'is_show'])),
);

export function Zones() {
  const { t, locale } = useAdminT();
  const page = useLoaderData<typeof zonesLoader>();
  const name = (z: Zone) => (locale === 'en' ? z.name_en : z.name_zh);
  const list = useContentList({
    rows: page.list,
    total: page.total,
    name,
    update: adminEndpoints.zoneUpdate,
    remove: adminEndpoints.zoneDelete,
    reorder: adminEndpoints.zoneReorder,
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
      onNew={() => list.setEditing('new')}
    >
      {list.editing ? (
        <ContentDialog
          area="zones"
          testId="zone-dialog"
          row={list.editing === 'new' ? null : list.editing}
          fields={[
            { kind: 'pair', key: 'name', label: t('content.zones.name'), max: MAX.title, required: true },
            { kind: 'pair', key: 'subtitle', label: t('content.common.subtitle'), max: MAX.subtitle },
            { kind: 'image', key: 'banner', label: t('content.zones.banner') },
          ]}
          create={adminEndpoints.zoneCreate}
          update={adminEndpoints.zoneUpdate}
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

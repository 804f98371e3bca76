import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { CONTENT_TEXT_MAX as MAX, MODULE_STYLES } from '@shop/contract/admin/content.limits';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { adminQuiet } from '../kit/admin-api';
import { adminActions } from '../kit/actions';
import { TwoNames } from '../kit/cells';
import { ContentDialog } from './content-dialog';
import { adminLoader, queryOf } from '../kit/admin-loader';
import { ContentListPage, useContentList } from './content-list';
import { GoodsPicker } from './goods-picker';
import type { Column } from '../kit/data-table';
import { useAdminT } from '../kit/use-admin-t';

type Section = EndpointData<typeof adminEndpoints.moduleList>['list'][number];

/** The writes of the home sections page (its route's clientAction). */
export const modulesActions = adminActions([
  adminEndpoints.moduleCreate,
  adminEndpoints.moduleUpdate,
  adminEndpoints.moduleDelete,
  adminEndpoints.moduleReorder,
  adminEndpoints.moduleGoodsSet,
]);

export const modulesLoader = adminLoader(({ request }) =>
  adminQuiet.call(adminEndpoints.moduleList, queryOf(request, ['keyword', 'is_show', 'position'])),
);

export function Modules() {
  const { t, locale } = useAdminT();
  const page = useLoaderData<typeof modulesLoader>();
  const title = (m: Section) => (locale === 'en' ? m.title_en : m.title_zh);
  const list = useContentList({
    rows: page.list,
    total: page.total,
    name: title,
    update: adminEndpoints.moduleUpdate,
    remove: adminEndpoints.moduleDelete,
    reorder: adminEndpoints.moduleReorder,
  });
  const [picking, setPicking] = useState<Section | null>(null);

  const columns: Column<Section>[] = [
    list.orderColumn,
    {
      key: 'title',
      header: t('content.modules.sectionTitle'),
      className: 'max-w-64',
      cell: (m) => <TwoNames zh={m.title_zh} en={m.title_en} />,
    },
    { key: 'style', header: t('content.modules.style'), cell: (m) => t(`content.modules.styles.${m.style}`) },
    {
      key: 'goods',
      header: t('content.goods.title'),
      cell: (m) => (
        <button type="button" className="btn-outline h-8 px-2 text-xs" onClick={() => setPicking(m)}>
          {t('content.goods.count', { count: m.goods_count })}
        </button>
      ),
    },
    {
      key: 'position',
      header: t('content.common.position'),
      className: 'hidden lg:table-cell',
      cell: (m) => m.position,
    },
    list.showColumn,
    list.actionsColumn(),
  ];

  return (
    <ContentListPage
      area="modules"
      auditType="module"
      page={page}
      columns={columns}
      onNew={() => list.setEditing('new')}
    >
      {list.editing ? (
        <ContentDialog
          area="modules"
          testId="module-dialog"
          row={list.editing === 'new' ? null : list.editing}
          positioned
          fields={[
            {
              kind: 'pair',
              key: 'title',
              label: t('content.modules.sectionTitle'),
              max: MAX.title,
              required: true,
            },
            { kind: 'pair', key: 'subtitle', label: t('content.common.subtitle'), max: MAX.subtitle },
            {
              kind: 'select',
              key: 'style',
              label: t('content.modules.style'),
              options: MODULE_STYLES.map((s) => ({ value: s, label: t(`content.modules.styles.${s}`) })),
            },
          ]}
          create={adminEndpoints.moduleCreate}
          update={adminEndpoints.moduleUpdate}
          onClose={() => list.setEditing(null)}
          onSaved={list.saved}
        />
      ) : null}
      {picking ? (
        <GoodsPicker
          kind="module"
          id={picking.id}
          title={t('content.goods.of', { name: title(picking) })}
          onClose={() => setPicking(null)}
          onSaved={list.savedBy(() => setPicking(null))}
        />
      ) : null}
    </ContentListPage>
  );
}

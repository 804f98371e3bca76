import { useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { CONTENT_TEXT_MAX as MAX } from '@shop/contract/admin/content.limits';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { adminQuiet } from '../kit/admin-api';
import { adminActions } from '../kit/actions';
import { TwoNames, Thumb } from '../kit/cells';
import { ContentDialog } from './content-dialog';
import { adminLoader, queryOf } from '../kit/admin-loader';
import { ContentListPage, useContentList } from './content-list';
import type { Column } from '../kit/data-table';
import { useAdminT } from '../kit/use-admin-t';

type Banner = EndpointData<typeof adminEndpoints.bannerList>['list'][number];

/** The writes of the banners page (its route's clientAction). */
export const bannersActions = adminActions([
  adminEndpoints.bannerCreate,
  adminEndpoints.bannerUpdate,
  adminEndpoints.bannerDelete,
  adminEndpoints.bannerReorder,
]);

export const bannersLoader = adminLoader(({ request }) =>
  adminQuiet.call(adminEndpoints.bannerList, queryOf(request, ['keyword', 'is_show', 'position'])),
);

export function Banners() {
  const { t, locale } = useAdminT();
  const page = useLoaderData<typeof bannersLoader>();
  const title = (b: Banner) => (locale === 'en' ? b.title_en : b.title_zh) || b.image;
  const list = useContentList({
    rows: page.list,
    total: page.total,
    name: title,
    update: adminEndpoints.bannerUpdate,
    remove: adminEndpoints.bannerDelete,
    reorder: adminEndpoints.bannerReorder,
  });

  const columns: Column<Banner>[] = [
    list.orderColumn,
    { key: 'image', header: t('content.banners.image'), cell: (b) => <Thumb src={b.image} wide /> },
    {
      key: 'title',
      header: t('content.banners.bannerTitle'),
      className: 'max-w-56',
      cell: (b) => <TwoNames zh={b.title_zh} en={b.title_en} />,
    },
    {
      key: 'link',
      header: t('content.banners.link'),
      className: 'max-w-48',
      cell: (b) => <span className="block truncate font-mono text-xs">{b.link || '—'}</span>,
    },
    {
      key: 'position',
      header: t('content.common.position'),
      className: 'hidden lg:table-cell',
      cell: (b) => b.position,
    },
    list.showColumn,
    list.actionsColumn(),
  ];

  return (
    <ContentListPage
      area="banners"
      auditType="banner"
      page={page}
      columns={columns}
      onNew={() => list.setEditing('new')}
    >
      {list.editing ? (
        <ContentDialog
          area="banners"
          testId="banner-dialog"
          row={list.editing === 'new' ? null : list.editing}
          positioned
          fields={[
            {
              kind: 'image',
              key: 'image',
              label: t('content.banners.image'),
              missing: t('content.banners.needImage'),
            },
            { kind: 'pair', key: 'title', label: t('content.banners.bannerTitle'), max: MAX.title },
            { kind: 'pair', key: 'subtitle', label: t('content.common.subtitle'), max: MAX.subtitle },
            { kind: 'href', key: 'link', label: t('content.banners.link'), max: MAX.link },
          ]}
          create={adminEndpoints.bannerCreate}
          update={adminEndpoints.bannerUpdate}
          onClose={() => list.setEditing(null)}
          onSaved={list.saved}
        />
      ) : null}
    </ContentListPage>
  );
}

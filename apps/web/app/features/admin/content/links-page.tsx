import { useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { CONTENT_TEXT_MAX as MAX } from '@shop/contract/admin/content.limits';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { adminQuiet } from '../kit/admin-api';
import { adminActions } from '../kit/actions';
import { TwoNames } from '../kit/cells';
import { ContentDialog } from './content-dialog';
import { adminLoader, queryOf } from '../kit/admin-loader';
import { ContentListPage, useContentList } from './content-list';
import type { Column } from '../kit/data-table';
import { useAdminT } from '../kit/use-admin-t';

type FooterLink = EndpointData<typeof adminEndpoints.linkList>['list'][number];

/** The writes of the footer links page (its route's clientAction). */
export const linksActions = adminActions([
  adminEndpoints.linkCreate,
  adminEndpoints.linkUpdate,
  adminEndpoints.linkDelete,
  adminEndpoints.linkReorder,
]);

export const linksLoader = adminLoader(({ request }) =>
  adminQuiet.call(adminEndpoints.linkList, queryOf(request, ['keyword', 'is_show'])),
);

export function Links() {
  const { t, locale } = useAdminT();
  const page = useLoaderData<typeof linksLoader>();
  const name = (l: FooterLink) => (locale === 'en' ? l.name_en : l.name_zh);
  const list = useContentList({
    rows: page.list,
    total: page.total,
    name,
    update: adminEndpoints.linkUpdate,
    remove: adminEndpoints.linkDelete,
    reorder: adminEndpoints.linkReorder,
  });

  const columns: Column<FooterLink>[] = [
    list.orderColumn,
    {
      key: 'name',
      header: t('content.links.name'),
      className: 'max-w-56',
      cell: (l) => <TwoNames zh={l.name_zh} en={l.name_en} />,
    },
    {
      key: 'url',
      header: t('content.links.url'),
      className: 'max-w-64',
      cell: (l) => <span className="block truncate font-mono text-xs">{l.url}</span>,
    },
    list.showColumn,
    list.actionsColumn(),
  ];

  return (
    <ContentListPage
      area="links"
      auditType="link"
      page={page}
      columns={columns}
      onNew={() => list.setEditing('new')}
    >
      {list.editing ? (
        <ContentDialog
          area="links"
          testId="link-dialog"
          row={list.editing === 'new' ? null : list.editing}
          fields={[
            { kind: 'pair', key: 'name', label: t('content.links.name'), max: MAX.linkName, required: true },
            { kind: 'href', key: 'url', label: t('content.links.url'), max: MAX.linkUrl, required: true },
          ]}
          create={adminEndpoints.linkCreate}
          update={adminEndpoints.linkUpdate}
          onClose={() => list.setEditing(null)}
          onSaved={list.saved}
        />
      ) : null}
    </ContentListPage>
  );
}

import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { CONTENT_TEXT_MAX as MAX } from '@shop/contract/admin/content.limits';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { adminApi, adminQuiet } from '../kit/admin-api';
import { adminLoader, queryOf } from '../kit/admin-loader';
import { ContentListPage, useContentList } from './content-list';
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
  TwoNames,
  wholeError,
} from '../kit/parts';
import type { Column } from '../kit/data-table';
import { TextField } from '../kit/form';
import { FormDialog, useSubmit } from '../kit/form-dialog';
import { useAdminT } from '../kit/use-admin-t';

type FooterLink = EndpointData<typeof adminEndpoints.linkList>['list'][number];

export const linksLoader = adminLoader(({ request }) =>
  adminQuiet.call(adminEndpoints.linkList, queryOf(request, ['keyword', 'is_show'])),
);

type Draft = Placement & { name: { zh: string; en: string }; url: string };

function LinkDialog({
  link,
  onClose,
  onSaved,
}: {
  link: FooterLink | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useAdminT();
  const [draft, setDraft] = useState<Draft>(() =>
    link
      ? {
          name: { zh: link.name_zh, en: link.name_en },
          url: link.url,
          ...placementOf(link),
        }
      : { name: { zh: '', en: '' }, url: '', ...placementOf(null) },
  );
  const [errors, setErrors] = useState<{ name?: { zh?: string; en?: string }; url?: string; sort?: string }>(
    {},
  );
  const { busy, error, submit } = useSubmit(async () => {
    const found = {
      name: bothRequired(t, t('content.links.name'), draft.name),
      url: hrefError(t, t('content.links.url'), draft.url, true),
      sort: wholeError(t, t('content.common.sort'), draft.sort, SORT_BOUNDS),
    };
    setErrors(found);
    if (anyError(found)) return;
    const body = {
      name_zh: draft.name.zh,
      name_en: draft.name.en,
      url: draft.url.trim(),
      ...placementBody(draft),
    };
    if (link) await adminQuiet.call(adminEndpoints.linkUpdate, { id: link.id, ...body });
    else await adminQuiet.call(adminEndpoints.linkCreate, body);
    onSaved();
  });

  return (
    <FormDialog
      title={link ? t('content.links.edit') : t('content.links.new')}
      testId="link-dialog"
      busy={busy}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      <BilingualFields
        label={t('content.links.name')}
        name="name"
        value={draft.name}
        max={MAX.linkName}
        errors={errors.name ?? {}}
        onChange={(name) => setDraft({ ...draft, name })}
      />
      <TextField
        label={t('content.links.url')}
        hint={t('content.common.hrefHint')}
        value={draft.url}
        maxLength={MAX.linkUrl}
        error={errors.url}
        onChange={(e) => setDraft({ ...draft, url: e.target.value })}
      />
      <PlacementFields value={draft} errors={errors} onChange={setDraft} />
    </FormDialog>
  );
}

export function Links() {
  const { t, locale } = useAdminT();
  const page = useLoaderData<typeof linksLoader>();
  const name = (l: FooterLink) => (locale === 'en' ? l.name_en : l.name_zh);
  const list = useContentList({
    rows: page.list,
    total: page.total,
    name,
    update: (l, patch) => adminApi.call(adminEndpoints.linkUpdate, { id: l.id, ...patch }),
    remove: (l) => adminApi.call(adminEndpoints.linkDelete, { id: l.id }),
    reorder: (ids) => adminApi.call(adminEndpoints.linkReorder, { ids }),
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
      version={list.version}
      onNew={() => list.setEditing('new')}
    >
      {list.editing ? (
        <LinkDialog
          link={list.editing === 'new' ? null : list.editing}
          onClose={() => list.setEditing(null)}
          onSaved={list.saved}
        />
      ) : null}
    </ContentListPage>
  );
}

import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { CONTENT_TEXT_MAX as MAX } from '@shop/contract/admin/content.limits';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { adminApi, adminQuiet } from '../../components/admin/admin-api';
import { AdminErrorBoundary } from '../../components/admin/admin-error';
import { adminLoader, queryOf } from '../../components/admin/admin-loader';
import { AdminPage } from '../../components/admin/admin-page';
import { AuditTrail } from '../../components/admin/audit-trail';
import {
  BilingualFields,
  CacheNote,
  confirmRemove,
  hrefError,
  ListFilters,
  MoveButtons,
  ShowSwitch,
  TwoNames,
  useRefresh,
  useReorder,
  useSubmit,
  wholeError,
} from '../../components/admin/content/parts';
import { type Column, DataTable } from '../../components/admin/data-table';
import { FormError, TextField, Toggle } from '../../components/admin/form';
import { adminMeta } from '../../components/admin/meta';
import { useAdminT } from '../../components/admin/use-admin-t';
import { Modal } from '../../components/ui/modal';
import { message } from '../../lib/toast';

export const meta = adminMeta('content.links.title');

type FooterLink = EndpointData<typeof adminEndpoints.linkList>['list'][number];

export const clientLoader = adminLoader(({ request }) =>
  adminQuiet.call(adminEndpoints.linkList, queryOf(request, ['keyword', 'is_show'])),
);

type Draft = { name: { zh: string; en: string }; url: string; sort: string; is_show: boolean };

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
          sort: String(link.sort),
          is_show: link.is_show === 1,
        }
      : { name: { zh: '', en: '' }, url: '', sort: '0', is_show: true },
  );
  const [errors, setErrors] = useState<{ name?: { zh?: string; en?: string }; url?: string; sort?: string }>(
    {},
  );
  const { busy, error, submit } = useSubmit(async () => {
    const label = t('content.links.name');
    const need = (v: string, lang: 'inZh' | 'inEn') =>
      v.trim() ? undefined : t('common.required', { field: t(`content.common.${lang}`, { field: label }) });
    const found = {
      name: { zh: need(draft.name.zh, 'inZh'), en: need(draft.name.en, 'inEn') },
      url: hrefError(t, t('content.links.url'), draft.url, true),
      sort: wholeError(t, t('content.common.sort'), draft.sort, { min: 0, max: 1_000_000 }),
    };
    setErrors(found);
    if (found.name.zh || found.name.en || found.url || found.sort) return;
    const body = {
      name_zh: draft.name.zh,
      name_en: draft.name.en,
      url: draft.url.trim(),
      sort: Number(draft.sort),
      is_show: draft.is_show ? (1 as const) : (0 as const),
    };
    if (link) await adminQuiet.call(adminEndpoints.linkUpdate, { id: link.id, ...body });
    else await adminQuiet.call(adminEndpoints.linkCreate, body);
    onSaved();
  });

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={link ? t('content.links.edit') : t('content.links.new')}
      testId="link-dialog"
    >
      <form onSubmit={submit} noValidate className="space-y-3">
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
        <TextField
          label={t('content.common.sort')}
          hint={t('content.common.sortHint')}
          inputMode="numeric"
          value={draft.sort}
          error={errors.sort}
          onChange={(e) => setDraft({ ...draft, sort: e.target.value })}
        />
        <Toggle
          label={t('content.common.showToBuyers')}
          checked={draft.is_show}
          onChange={(is_show) => setDraft({ ...draft, is_show })}
        />
        <FormError message={error} />
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export default function Links() {
  const { t, locale } = useAdminT();
  const page = useLoaderData<typeof clientLoader>();
  const { version, refresh } = useRefresh();
  const [editing, setEditing] = useState<FooterLink | null | 'new'>(null);
  const reorder = useReorder(
    page.list,
    page.total,
    (ids) => adminApi.call(adminEndpoints.linkReorder, { ids }),
    refresh,
  );
  const name = (l: FooterLink) => (locale === 'en' ? l.name_en : l.name_zh);

  const columns: Column<FooterLink>[] = [
    {
      key: 'order',
      header: t('content.common.order'),
      sort: 'sort',
      cell: (l) => (
        <span className="inline-flex items-center gap-1">
          <MoveButtons
            index={page.list.indexOf(l)}
            count={page.list.length}
            reorder={reorder}
            name={name(l)}
          />
          <span className="w-10 text-xs text-stone-400 tabular-nums">{l.sort}</span>
        </span>
      ),
    },
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
    {
      key: 'show',
      header: t('content.common.visibility'),
      cell: (l) => (
        <ShowSwitch
          label={name(l)}
          shown={l.is_show === 1}
          save={(is_show) =>
            adminApi
              .call(adminEndpoints.linkUpdate, { id: l.id, is_show })
              .catch(() => undefined)
              .finally(refresh)
          }
        />
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (l) => (
        <div className="flex gap-1">
          <button type="button" className="btn-ghost px-2 py-1" onClick={() => setEditing(l)}>
            {t('common.edit')}
          </button>
          <button
            type="button"
            className="btn-ghost px-2 py-1 text-red-700"
            onClick={() =>
              void confirmRemove(
                t,
                name(l),
                () => adminApi.call(adminEndpoints.linkDelete, { id: l.id }),
                refresh,
              )
            }
          >
            {t('common.remove')}
          </button>
        </div>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('content.links.title')}
      intro={t('content.links.intro')}
      actions={
        <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
          {t('content.links.new')}
        </button>
      }
    >
      <CacheNote seconds={page.cache_ttl_seconds} />
      <ListFilters keywordLabel={t('content.links.keyword')} />
      <DataTable
        columns={columns}
        rows={page.list}
        total={page.total}
        rowKey={(l) => l.id}
        caption={t('content.links.title')}
        testId="links-table"
      />
      <AuditTrail objectType="link" version={version} />
      {editing ? (
        <LinkDialog
          link={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            message.success(t('common.saved'));
            refresh();
          }}
        />
      ) : null}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;

import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { CANNED_BODY_MAX, CANNED_TITLE_MAX } from '@shop/contract/admin/support.endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { adminQuiet } from '../kit/admin-api';
import { adminLoader } from '../kit/admin-loader';
import { AdminPage } from '../kit/admin-page';
import { AuditTrail } from '../kit/audit-trail';
import { adminActions, useAdminWrite } from '../kit/actions';
import { confirmed } from '../kit/confirm';
import { type Column, DataTable } from '../kit/data-table';
import { TextAreaField, TextField } from '../kit/form';
import { FormDialog, useSubmit } from '../kit/form-dialog';
import { Time } from './parts';
import { useAdminT } from '../kit/use-admin-t';
import { message } from '../../../lib/toast';

type Canned = EndpointData<typeof adminEndpoints.cannedList>[number];

/** The writes of the canned replies page (its route's clientAction). */
export const cannedRepliesActions = adminActions([
  adminEndpoints.cannedCreate,
  adminEndpoints.cannedUpdate,
  adminEndpoints.cannedDelete,
]);

export const cannedRepliesLoader = adminLoader(() => adminQuiet.call(adminEndpoints.cannedList));

const SORT_MAX = 1_000_000;

function CannedDialog({
  reply,
  onClose,
  onSaved,
}: {
  reply: Canned | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const [draft, setDraft] = useState(() => ({
    title: reply?.title ?? '',
    body: reply?.body ?? '',
    sort: String(reply?.sort ?? 0),
  }));
  const [errors, setErrors] = useState<{ title?: string; body?: string; sort?: string }>({});
  const { busy, error, submit } = useSubmit(async () => {
    const sort = Number(draft.sort);
    const found = {
      ...(draft.title.trim() ? {} : { title: t('common.required', { field: t('support.canned.name') }) }),
      ...(draft.body.trim() ? {} : { body: t('common.required', { field: t('support.canned.body') }) }),
      ...(Number.isInteger(sort) && sort >= 0 && sort <= SORT_MAX
        ? {}
        : { sort: t('common.required', { field: t('support.canned.sort') }) }),
    };
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = { title: draft.title.trim(), body: draft.body, sort };
    if (reply) await write.quiet(adminEndpoints.cannedUpdate, { id: reply.id, ...body });
    else await write.quiet(adminEndpoints.cannedCreate, body);
    message.success(t('support.canned.saved'));
    onSaved();
  });

  return (
    <FormDialog
      title={reply ? t('support.canned.edit') : t('support.canned.new')}
      testId="canned-dialog"
      busy={busy}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={t('support.canned.name')}
        value={draft.title}
        maxLength={CANNED_TITLE_MAX}
        error={errors.title}
        onChange={(e) => setDraft({ ...draft, title: e.target.value })}
      />
      <TextAreaField
        label={t('support.canned.body')}
        value={draft.body}
        maxLength={CANNED_BODY_MAX}
        rows={6}
        error={errors.body}
        hint={`${draft.body.length} / ${CANNED_BODY_MAX}`}
        onChange={(e) => setDraft({ ...draft, body: e.target.value })}
      />
      <TextField
        label={t('support.canned.sort')}
        hint={t('support.canned.sortHint')}
        value={draft.sort}
        inputMode="numeric"
        error={errors.sort}
        onChange={(e) => setDraft({ ...draft, sort: e.target.value })}
      />
    </FormDialog>
  );
}

export function CannedReplies() {
  const { t } = useAdminT();
  const rows = useLoaderData<typeof cannedRepliesLoader>();
  const write = useAdminWrite();
  const [editing, setEditing] = useState<Canned | 'new' | null>(null);

  async function remove(reply: Canned) {
    if (!confirmed(t('support.canned.removeConfirm', { name: reply.title }))) return;
    try {
      await write.call(adminEndpoints.cannedDelete, { id: reply.id });
      message.success(t('support.canned.removed'));
    } catch {
      // the shared client showed why
    }
  }

  const columns: Column<Canned>[] = [
    {
      key: 'title',
      header: t('support.canned.name'),
      cell: (c) => <span className="block max-w-48 truncate font-medium text-stone-900">{c.title}</span>,
    },
    {
      key: 'body',
      header: t('support.canned.body'),
      cell: (c) => <span className="line-clamp-2 block max-w-md text-stone-700">{c.body}</span>,
    },
    { key: 'sort', header: t('support.canned.sort'), align: 'right', cell: (c) => c.sort },
    { key: 'updated', header: t('support.canned.updated'), cell: (c) => <Time ms={c.updated_at} /> },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (c) => (
        <span className="flex gap-1 whitespace-nowrap">
          <button type="button" className="btn-ghost h-8 px-2 text-sm" onClick={() => setEditing(c)}>
            {t('common.edit')}
          </button>
          <button
            type="button"
            className="btn-ghost h-8 px-2 text-sm text-red-700"
            onClick={() => void remove(c)}
          >
            {t('common.remove')}
          </button>
        </span>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('support.canned.title')}
      intro={t('support.canned.intro')}
      actions={
        <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
          {t('support.canned.new')}
        </button>
      }
    >
      <DataTable
        columns={columns}
        rows={rows}
        total={rows.length}
        rowKey={(c) => c.id}
        caption={t('support.canned.caption')}
        empty={t('support.canned.empty')}
        testId="canned-table"
      />
      <AuditTrail objectType="canned_reply" />
      {editing ? (
        <CannedDialog
          reply={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      ) : null}
    </AdminPage>
  );
}

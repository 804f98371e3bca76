import { useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { AUDIT_OBJECT_TYPES } from '@shop/domain/admin';
import { adminQuiet } from '../kit/admin-api';
import { adminLoader, queryOf } from '../kit/admin-loader';
import { AdminPage } from '../kit/admin-page';
import { AuditDiff } from '../kit/audit-diff';
import { type Column, DataTable } from '../kit/data-table';
import { labelledActions, useLabels } from '../kit/labels';
import { formatTime, viewerZone } from '../kit/time';
import type { AuditEntry } from '../kit/types';
import { useAdminT } from '../kit/use-admin-t';
import { useListParams } from '../kit/use-list-params';

/** `YYYY-MM-DD` in the viewer's zone → epoch ms of that day's start (end: the next day's). */
function dayStart(day: string, next = false): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00`);
  if (next) date.setDate(date.getDate() + 1);
  return Number.isNaN(date.getTime()) ? undefined : String(date.getTime());
}

export const auditLoader = adminLoader(({ request }) => {
  const params = new URL(request.url).searchParams;
  const query = queryOf(request, ['keyword', 'action', 'object_type', 'object_id', 'operator_id']);
  const from = dayStart(params.get('from') ?? '');
  const to = dayStart(params.get('to') ?? '', true);
  return adminQuiet.call(adminEndpoints.auditList, {
    ...query,
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  });
});

export function AuditLog() {
  const { t, locale } = useAdminT();
  const labels = useLabels();
  const page = useLoaderData<typeof auditLoader>();
  const list = useListParams();

  const columns: Column<AuditEntry>[] = [
    {
      key: 'when',
      header: t('common.audit.when'),
      cell: (e) => (
        <time dateTime={new Date(e.created_at).toISOString()} className="whitespace-nowrap tabular-nums">
          {formatTime(e.created_at, locale)}
        </time>
      ),
    },
    { key: 'who', header: t('common.audit.who'), cell: (e) => labels.actor(e.actor) },
    {
      key: 'action',
      header: t('common.audit.action'),
      cell: (e) => labels.action(e.action),
    },
    {
      key: 'object',
      header: t('common.audit.object'),
      cell: (e) => (
        <button
          type="button"
          className="text-left text-brand-700 hover:underline"
          onClick={() => list.set({ object_type: e.object_type, object_id: e.object_id })}
        >
          {labels.object(e.object_type)} <span className="font-mono text-xs">{e.object_id}</span>
        </button>
      ),
    },
    {
      key: 'change',
      header: t('common.audit.change'),
      className: 'min-w-[16rem]',
      cell: (e) => <AuditDiff entry={e} />,
    },
    {
      key: 'request',
      header: t('common.audit.requestId'),
      cell: (e) => (
        <span className="font-mono text-[11px] text-stone-500">{e.request_id.slice(0, 8) || '—'}</span>
      ),
    },
  ];

  return (
    <AdminPage title={t('common.audit.title')} intro={t('common.times', { zone: viewerZone() })}>
      <form
        key={list.params.toString()}
        className="card grid gap-3 p-4 sm:grid-cols-3 xl:grid-cols-6"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          const value = (name: string) => String(form.get(name) ?? '').trim();
          list.set({
            keyword: value('keyword'),
            action: value('action'),
            object_type: value('object_type'),
            object_id: value('object_id'),
            from: value('from'),
            to: value('to'),
          });
        }}
      >
        <label className="text-sm">
          <span className="mb-1 block text-stone-700">{t('common.audit.keyword')}</span>
          <input name="keyword" defaultValue={list.get('keyword')} maxLength={64} className="input h-9" />
        </label>
        <label className="text-sm">
          <span className="mb-1 block text-stone-700">{t('common.audit.action')}</span>
          <select name="action" defaultValue={list.get('action')} className="input h-9">
            <option value="">{t('common.all')}</option>
            {labelledActions().map((action) => (
              <option key={action} value={action}>
                {labels.action(action)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="mb-1 block text-stone-700">{t('common.audit.objectType')}</span>
          <select name="object_type" defaultValue={list.get('object_type')} className="input h-9">
            <option value="">{t('common.all')}</option>
            {AUDIT_OBJECT_TYPES.map((type) => (
              <option key={type} value={type}>
                {labels.object(type)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="mb-1 block text-stone-700">{t('common.audit.objectId')}</span>
          <input name="object_id" defaultValue={list.get('object_id')} maxLength={64} className="input h-9" />
        </label>
        <label className="text-sm">
          <span className="mb-1 block text-stone-700">{t('common.audit.from')}</span>
          <input name="from" type="date" defaultValue={list.get('from')} className="input h-9" />
        </label>
        <label className="text-sm">
          <span className="mb-1 block text-stone-700">{t('common.audit.to')}</span>
          <input name="to" type="date" defaultValue={list.get('to')} className="input h-9" />
        </label>
        <div className="flex gap-2 sm:col-span-3 xl:col-span-6">
          <button type="submit" className="btn-primary">
            {t('common.search')}
          </button>
          <button
            type="button"
            className="btn-ghost"
            onClick={() =>
              list.set({
                keyword: '',
                action: '',
                object_type: '',
                object_id: '',
                from: '',
                to: '',
                operator_id: '',
              })
            }
          >
            {t('common.reset')}
          </button>
        </div>
      </form>
      <DataTable
        columns={columns}
        rows={page.list}
        total={page.total}
        rowKey={(e) => e.id}
        testId="audit-table"
      />
    </AdminPage>
  );
}

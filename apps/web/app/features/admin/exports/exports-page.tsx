import { useEffect, useState } from 'react';
import { useLoaderData, useRevalidator } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { EXPORT_AT_ONCE_MAX } from '@shop/contract/admin/exports.endpoints';
import { REFUND_MACHINE } from '@shop/domain/order';
import { adminQuiet } from '../kit/admin-api';
import { mayAccess } from '@shop/domain/admin';
import { adminLoader, useAdminMe } from '../kit/admin-loader';
import { AdminPage, Panel } from '../kit/admin-page';
import { useLabels } from '../kit/labels';
import { formatTime, viewerZone } from '../kit/time';
import { useAdminT } from '../kit/use-admin-t';
import { type AdminExport, ExportButton } from './export-button';

// My exports (issue 32): what the operator exported lately, the background ones with a progress
// bar (polled while one is being prepared) and each ready one with its download link and when it
// stops working. The refunds export starts here (the console has no refunds list of its own).

/** How often the list is read again while an export is being prepared. */
const POLL_MS = 1_000;

export const exportsLoader = adminLoader(async () => ({
  exports: await adminQuiet.call(adminEndpoints.exportsList),
}));

const TONE: Record<AdminExport['status'], string> = {
  queued: 'bg-stone-100 text-stone-700',
  running: 'bg-sky-50 text-sky-800',
  ready: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-red-50 text-red-800',
  expired: 'bg-stone-100 text-stone-500',
};

export function Exports() {
  const { t, locale } = useAdminT();
  const { exports } = useLoaderData<typeof exportsLoader>();
  const me = useAdminMe();
  const revalidator = useRevalidator();
  const working = exports.list.some((e) => e.status === 'queued' || e.status === 'running');
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [working, revalidator]);

  return (
    <AdminPage
      title={t('exports.title')}
      intro={t('exports.intro', { max: EXPORT_AT_ONCE_MAX.toLocaleString(locale) })}
    >
      <Panel>
        {exports.list.length === 0 ? (
          <p className="py-6 text-center text-sm text-stone-500" data-testid="exports-empty">
            {t('exports.empty')}
          </p>
        ) : (
          <ul className="divide-y divide-stone-100" data-testid="exports-list">
            {exports.list.map((e) => (
              <ExportItem key={e.id} item={e} />
            ))}
          </ul>
        )}
      </Panel>
      {mayAccess(me, 'refunds') ? <RefundsPanel /> : null}
      <p className="text-xs text-stone-500">{t('common.times', { zone: viewerZone() })}</p>
    </AdminPage>
  );
}

function ExportItem({ item }: { item: AdminExport }) {
  const { t, locale } = useAdminT();
  const percent =
    item.rows_total === 0 ? 0 : Math.min(100, Math.round((item.rows_done / item.rows_total) * 100));
  return (
    <li className="space-y-2 py-3" data-testid="export-item" data-status={item.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-stone-900">
            {t(`exports.kind.${item.kind}`)} · {item.format.toUpperCase()}
          </p>
          <p className="truncate text-xs text-stone-500">
            {t('exports.created', { time: formatTime(item.created_at, locale) })} ·{' '}
            {t('exports.rows', { count: item.rows_total, n: item.rows_total.toLocaleString(locale) })} ·{' '}
            {t(`exports.mode.${item.mode}`)}
          </p>
        </div>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${TONE[item.status]}`}>
          {t(`exports.status.${item.status}`)}
        </span>
      </div>
      {item.status === 'queued' || item.status === 'running' ? (
        <div>
          <div className="mb-1 flex justify-between text-xs text-stone-600">
            <span aria-live="polite">
              {t('exports.progress', {
                done: item.rows_done.toLocaleString(locale),
                total: item.rows_total.toLocaleString(locale),
              })}
            </span>
            <span className="tabular-nums">{percent}%</span>
          </div>
          <div
            role="progressbar"
            aria-label={t(`exports.kind.${item.kind}`)}
            aria-valuemin={0}
            aria-valuemax={item.rows_total}
            aria-valuenow={item.rows_done}
            className="h-3 overflow-hidden rounded-full bg-stone-200"
          >
            <div
              className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>
      ) : null}
      {item.status === 'ready' && item.download_url ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <a
            href={item.download_url}
            download={item.file_name}
            className="btn-primary"
            data-testid="export-download"
          >
            {t('exports.download')}
          </a>
          <span className="text-xs text-stone-500" title={viewerZone()}>
            {t('exports.expires', { time: formatTime(item.expires_at, locale) })}
          </span>
        </div>
      ) : null}
      {item.status === 'failed' ? <p className="text-sm text-red-700">{t('exports.failedHint')}</p> : null}
      {item.status === 'expired' ? (
        <p className="text-sm text-stone-500">{t('exports.expiredHint')}</p>
      ) : null}
    </li>
  );
}

function RefundsPanel() {
  const { t } = useAdminT();
  const labels = useLabels();
  const [status, setStatus] = useState<(typeof REFUND_MACHINE.states)[number] | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filters = {
    ...(status ? { status } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  return (
    <Panel title={t('exports.refunds.title')}>
      <p className="mb-3 text-sm text-stone-600">{t('exports.refunds.hint')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm text-stone-600">
          {t('exports.refunds.status')}
          <select
            className="input h-10 w-auto"
            value={status}
            onChange={(e) => setStatus(e.target.value as never)}
          >
            <option value="">{t('exports.refunds.any')}</option>
            {REFUND_MACHINE.states.map((s) => (
              <option key={s} value={s}>
                {labels.status('refund', s)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm text-stone-600">
          {t('exports.refunds.from')}
          <input
            type="date"
            className="input h-10 w-auto"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm text-stone-600">
          {t('exports.refunds.to')}
          <input
            type="date"
            className="input h-10 w-auto"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </label>
        <ExportButton kind="refunds" filters={filters} className="btn-primary" />
      </div>
    </Panel>
  );
}

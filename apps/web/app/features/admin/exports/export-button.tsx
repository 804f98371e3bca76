import { useState } from 'react';
import { useNavigate } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { EXPORT_AT_ONCE_MAX } from '@shop/contract/admin/exports.endpoints';
import type { EndpointData, EndpointInput } from '@shop/contract/endpoint-schemas';
import { message } from '../../../lib/toast';
import { useAdminWrite } from '../kit/actions';
import { FormDialog, useSubmit } from '../kit/form-dialog';
import { useAdminT } from '../kit/use-admin-t';

// The console's Export button (issue 32, decision 078): the file format in a small dialog, the
// operator's language sent with the filters of the page. A small export downloads at once from its
// signed link; a large one is prepared in the background and the operator is taken to My exports,
// where its progress shows. Each page's route lists its export endpoint among its writes.

export const EXPORT_ENDPOINTS = {
  orders: adminEndpoints.exportOrders,
  ledger: adminEndpoints.exportLedger,
  key_sales: adminEndpoints.exportKeySales,
  refunds: adminEndpoints.exportRefunds,
  dashboard: adminEndpoints.exportDashboard,
} as const;
type Kind = keyof typeof EXPORT_ENDPOINTS;
type Format = 'csv' | 'xlsx';
type Filters<K extends Kind> = Omit<EndpointInput<(typeof EXPORT_ENDPOINTS)[K]>, 'format' | 'locale'>;
export type AdminExport = EndpointData<typeof adminEndpoints.exportsList>['list'][number];

/** Starts the browser's download of a ready export (the link carries its own credential). */
export function downloadExport(url: string, fileName: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

export function ExportButton<K extends Kind>({
  kind,
  filters,
  className = 'btn-ghost',
}: {
  kind: K;
  filters: Filters<K>;
  className?: string;
}) {
  const { t, locale } = useAdminT();
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<Format>('xlsx');
  const write = useAdminWrite();
  const navigate = useNavigate();
  const { busy, error, submit } = useSubmit(async () => {
    const input = { ...filters, format, locale } as EndpointInput<(typeof EXPORT_ENDPOINTS)[K]>;
    const asked = (await write.quiet(EXPORT_ENDPOINTS[kind] as never, input as never)) as AdminExport;
    setOpen(false);
    if (asked.mode === 'now' && asked.download_url) {
      downloadExport(asked.download_url, asked.file_name);
      message.success(t('exports.started'));
    } else {
      message.success(t('exports.queued', { count: asked.rows_total.toLocaleString(locale) }));
      void navigate('/admin/exports');
    }
  });
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => setOpen(true)}
        data-testid={`export-${kind}`}
      >
        {t('exports.button')}
      </button>
      {open ? (
        <FormDialog
          title={t(`exports.dialog.${kind}`)}
          description={t('exports.dialog.filtered')}
          submitLabel={t('exports.dialog.submit')}
          testId="export-dialog"
          busy={busy}
          error={error}
          onSubmit={submit}
          onClose={() => setOpen(false)}
        >
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium text-stone-800">{t('exports.dialog.format')}</legend>
            {(['xlsx', 'csv'] as const).map((f) => (
              <label key={f} className="flex items-center gap-2 text-sm text-stone-700">
                <input
                  type="radio"
                  name="format"
                  value={f}
                  checked={format === f}
                  onChange={() => setFormat(f)}
                />
                {t(`exports.dialog.${f}`)}
              </label>
            ))}
          </fieldset>
          <p className="text-xs text-stone-500">
            {t('exports.dialog.limit', { max: EXPORT_AT_ONCE_MAX.toLocaleString(locale) })}
          </p>
        </FormDialog>
      ) : null}
    </>
  );
}

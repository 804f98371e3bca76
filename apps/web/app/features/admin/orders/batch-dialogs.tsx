import { type ChangeEvent, useState } from 'react';
import {
  BATCH_CSV_LINE_CHARS,
  BATCH_CSV_LINES,
  BATCH_LIMIT,
  SHIP_LIMITS,
} from '@shop/contract/admin/batch.endpoints';
import type { BatchResult } from '@shop/contract/admin/batch.schemas';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { useAdminWrite } from '../kit/actions';
import { BatchProgress } from '../kit/batch-report';
import { FormDialog, useSubmit } from '../kit/form-dialog';
import { TextField } from '../kit/form';
import { useAdminT } from '../kit/use-admin-t';

// The orders list's batch dialogs (issue 32, decision 081): ship the selected orders (a carrier
// and tracking number each), ship from a CSV file, cancel the selected unpaid orders. Each sends
// one batch; the API answers row by row and the page shows that report (kit/batch-report).

type Done = (result: BatchResult) => void;

/** Ship the selected orders: a carrier (one for all, or each its own) and a tracking number each. */
export function ShipDialog({ oids, onClose, onDone }: { oids: string[]; onClose: () => void; onDone: Done }) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const [all, setAll] = useState('');
  const [rows, setRows] = useState(() => oids.map((oid) => ({ oid, carrier: '', tracking_no: '' })));
  const [checked, setChecked] = useState(false);
  const complete = rows.every((r) => r.carrier.trim() && r.tracking_no.trim());
  const { busy, error, submit } = useSubmit(async () => {
    setChecked(true);
    if (!complete) return;
    onDone(
      await write.quiet(adminEndpoints.ordersBatchShip, {
        rows: rows.map((r) => ({ oid: r.oid, carrier: r.carrier.trim(), tracking_no: r.tracking_no.trim() })),
      }),
    );
  });
  const edit = (i: number, field: 'carrier' | 'tracking_no') => (e: ChangeEvent<HTMLInputElement>) =>
    setRows((now) => now.map((r, j) => (j === i ? { ...r, [field]: e.target.value } : r)));
  return (
    <FormDialog
      title={t('batch.ship.title', { count: oids.length })}
      description={t('batch.ship.description')}
      submitLabel={t('batch.ship.submit')}
      testId="batch-ship-dialog"
      busy={busy}
      error={error || (checked && !complete ? t('batch.ship.missing') : '')}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          label={t('batch.ship.carrierAll')}
          className="min-w-0 flex-1"
          value={all}
          maxLength={SHIP_LIMITS.carrier}
          onChange={(e) => setAll(e.target.value)}
        />
        <button
          type="button"
          className="btn-outline h-10"
          onClick={() => setRows((now) => now.map((r) => ({ ...r, carrier: all })))}
        >
          {t('batch.ship.apply')}
        </button>
      </div>
      <ul className="max-h-[45vh] space-y-3 overflow-y-auto pr-1">
        {rows.map((r, i) => (
          <li key={r.oid} className="rounded-lg border border-stone-200 p-2.5" data-testid="batch-ship-row">
            <p className="mb-1.5 font-mono text-xs text-stone-700 [overflow-wrap:anywhere]">{r.oid}</p>
            <div className="grid gap-2 sm:grid-cols-2">
              <label className="block text-xs text-stone-600">
                {t('batch.ship.carrierShort')}
                <input
                  className="input mt-0.5 h-10"
                  aria-label={t('batch.ship.carrier', { oid: r.oid })}
                  value={r.carrier}
                  maxLength={SHIP_LIMITS.carrier}
                  aria-invalid={checked && !r.carrier.trim() ? true : undefined}
                  onChange={edit(i, 'carrier')}
                />
              </label>
              <label className="block text-xs text-stone-600">
                {t('batch.ship.trackingShort')}
                <input
                  className="input mt-0.5 h-10"
                  aria-label={t('batch.ship.tracking', { oid: r.oid })}
                  value={r.tracking_no}
                  maxLength={SHIP_LIMITS.tracking}
                  aria-invalid={checked && !r.tracking_no.trim() ? true : undefined}
                  onChange={edit(i, 'tracking_no')}
                />
              </label>
            </div>
          </li>
        ))}
      </ul>
      {busy ? <BatchProgress count={rows.length} /> : null}
    </FormDialog>
  );
}

/** Ship from a CSV file of `order no, carrier, tracking no` lines; the API reads it and reports. */
export function CsvShipDialog({ onClose, onDone }: { onClose: () => void; onDone: Done }) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const [lines, setLines] = useState<string[] | null>(null);
  const [problem, setProblem] = useState('');
  const { busy, error, submit } = useSubmit(async () => {
    if (!lines) {
      setProblem(t('batch.csv.choose'));
      return;
    }
    onDone(await write.quiet(adminEndpoints.ordersBatchShipCsv, { lines }));
  });
  async function choose(e: ChangeEvent<HTMLInputElement>) {
    setProblem('');
    setLines(null);
    const file = e.target.files?.[0];
    if (!file) return;
    const read = (await file.text()).split(/\r\n|\n|\r/);
    // A file ends with a line break: that last empty piece is no line of it.
    if (read.length > 1 && read[read.length - 1] === '') read.pop();
    if (read.length > BATCH_CSV_LINES || read.some((l) => l.length > BATCH_CSV_LINE_CHARS)) {
      setProblem(t('batch.csv.tooBig', { max: BATCH_CSV_LINES }));
      return;
    }
    setLines(read);
  }
  return (
    <FormDialog
      title={t('batch.csv.title')}
      description={t('batch.csv.description', { max: BATCH_LIMIT })}
      submitLabel={t('batch.csv.submit')}
      testId="batch-csv-dialog"
      busy={busy}
      error={error || problem}
      onSubmit={submit}
      onClose={onClose}
    >
      <label className="block text-sm font-medium text-stone-700">
        {t('batch.csv.file')}
        <input
          type="file"
          accept=".csv,text/csv,text/plain"
          className="mt-1 block w-full text-sm"
          data-testid="batch-csv-file"
          onChange={(e) => void choose(e)}
        />
      </label>
      <p className="text-xs text-stone-500 [overflow-wrap:anywhere]">{t('batch.csv.example')}</p>
      {busy ? <BatchProgress count={lines?.length ?? 0} /> : null}
    </FormDialog>
  );
}

/** Cancel the selected orders that are unpaid; paid ones are reported and left as they are. */
export function BatchCancelDialog({
  oids,
  onClose,
  onDone,
}: {
  oids: string[];
  onClose: () => void;
  onDone: Done;
}) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const { busy, error, submit } = useSubmit(async () => {
    setChecked(true);
    if (!reason.trim()) return;
    onDone(await write.quiet(adminEndpoints.ordersBatchCancel, { oids, reason: reason.trim() }));
  });
  return (
    <FormDialog
      title={t('batch.cancel.title', { count: oids.length })}
      description={t('batch.cancel.description')}
      submitLabel={t('batch.cancel.submit')}
      testId="batch-cancel-dialog"
      busy={busy}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={t('batch.cancel.reason')}
        error={checked && !reason.trim() ? t('orders.cancel.reasonRequired') : undefined}
        value={reason}
        maxLength={200}
        name="reason"
        onChange={(e) => setReason(e.target.value)}
      />
      {busy ? <BatchProgress count={oids.length} /> : null}
    </FormDialog>
  );
}

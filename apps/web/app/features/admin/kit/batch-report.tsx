import type { BatchResult } from '@shop/contract/admin/batch.schemas';
import { Modal } from '../../../components/ui/modal';
import { useAdminT } from './use-admin-t';

// What a batch action did, row by row (issue 32, decision 081): the API words each row's outcome
// in the operator's language; this lists them, refused rows first marked, with a summary.

/** While a batch runs: an indeterminate progress bar saying how many rows are being worked on. */
export function BatchProgress({ count }: { count: number }) {
  const { t } = useAdminT();
  const label = t('batch.working', { count });
  return (
    <div className="space-y-1.5" data-testid="batch-progress">
      <p className="text-sm text-stone-600">{label}</p>
      <div role="progressbar" aria-label={label} className="h-2 overflow-hidden rounded-full bg-stone-200">
        <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-600" />
      </div>
    </div>
  );
}

/** The report of a batch, in a dialog closed by its button, Escape or the backdrop. */
export function BatchReport({
  result,
  onClose,
  nameOf,
}: {
  result: BatchResult;
  onClose: () => void;
  /** How a row is named (a goods' name for its id); the row's key by default. */
  nameOf?: (key: string) => string | undefined;
}) {
  const { t } = useAdminT();
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('batch.report.title')}
      testId="batch-report"
    >
      <p className="text-sm font-medium text-stone-800" role="status" data-testid="batch-summary">
        {t('batch.report.summary', { done: result.done, unchanged: result.unchanged, failed: result.failed })}
      </p>
      <ul
        aria-label={t('batch.report.list')}
        className="mt-3 max-h-[60vh] divide-y divide-stone-100 overflow-y-auto rounded-lg border border-stone-200 text-sm"
      >
        {result.list.map((row, i) => {
          const state = !row.ok ? 'failed' : row.changed ? 'ok' : 'same';
          return (
            <li
              key={`${row.line ?? ''}-${row.key}-${i}`}
              className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 px-3 py-2"
              data-testid="batch-row"
              data-state={state}
            >
              {row.line !== null ? (
                <span className="shrink-0 text-xs text-stone-500">
                  {t('batch.report.line', { line: row.line })}
                </span>
              ) : null}
              <span className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]">
                {nameOf?.(row.key) ?? (row.key || '—')}
              </span>
              <span
                className={`ml-auto shrink-0 rounded px-1.5 py-0.5 text-xs ${
                  state === 'failed'
                    ? 'bg-red-50 text-red-800'
                    : state === 'ok'
                      ? 'bg-emerald-50 text-emerald-800'
                      : 'bg-stone-100 text-stone-700'
                }`}
              >
                {t(`batch.report.${state}`)}
              </span>
              <span className="basis-full text-stone-700" data-testid="batch-message">
                {row.message}
              </span>
            </li>
          );
        })}
      </ul>
      <div className="mt-4 flex justify-end">
        <button type="button" className="btn-primary" onClick={onClose}>
          {t('batch.report.close')}
        </button>
      </div>
    </Modal>
  );
}

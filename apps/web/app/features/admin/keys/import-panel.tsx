import { useDeferredValue, useMemo, useState, type ChangeEvent } from 'react';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { type BadLineReason, CARD_KEY_MAX_LENGTH } from '@shop/domain/card-keys';
import { isApiError } from '../../../lib/http';
import { newIdempotencyKey } from '../../../lib/checkout';
import { useAdminWrite } from '../kit/actions';
import { Panel } from '../kit/admin-page';
import { FormError } from '../kit/form';
import { useAdminT } from '../kit/use-admin-t';
import {
  BatchFailed,
  type BatchReport,
  decodeKeyFile,
  type ImportPlan,
  linesDone,
  planImport,
  sendBatches,
  summarize,
  textLines,
} from './import-run';
import type { StockRow } from './stock-cards';

/** A key file larger than this is refused before it is read (100,000 long keys fit). */
const FILE_MAX = 10 * 1024 * 1024;
/** Lines of each list of the final report shown; the rest are counted. */
const LISTED = 200;

type Run = {
  target: StockRow;
  plan: ImportPlan;
  importId: string;
  reports: (BatchReport | undefined)[];
  state: 'running' | 'stopped' | 'done';
  failed?: { index: number; message: string };
};

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The import of keys into one option (issue 14): pasted text or a CSV/TXT file, sent in batches of
 * its lines with a progress bar and read as CSV by the API (issue 29); the report lists the
 * duplicates and bad lines by line number and names a header row it skipped. A stopped import
 * resumes where it stopped.
 */
export function ImportPanel({
  target,
  optionLabel,
}: {
  target: StockRow | null;
  optionLabel: (row: StockRow) => string;
}) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const [text, setText] = useState('');
  const [fileNote, setFileNote] = useState('');
  const [fileError, setFileError] = useState('');
  const [run, setRun] = useState<Run | null>(null);
  const deferred = useDeferredValue(text);
  /** Lines with something on them: what the import will read. */
  const filled = useMemo(() => textLines(deferred).filter((l) => l.trim() !== '').length, [deferred]);

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    setFileError('');
    setFileNote('');
    if (!file) return;
    if (file.size > FILE_MAX) {
      setFileError(t('keys.import.fileTooBig', { size: megabytes(file.size), max: megabytes(FILE_MAX) }));
      return;
    }
    setText(decodeKeyFile(await file.arrayBuffer()));
    setFileNote(t('keys.import.fileRead', { name: file.name }));
  }

  async function go(current: Run) {
    setRun({ ...current, state: 'running', failed: undefined });
    const reports = [...current.reports];
    const option =
      current.target.goods_sku_id !== null
        ? { goods_sku_id: current.target.goods_sku_id }
        : { face_value: current.target.face_value! };
    try {
      await sendBatches(
        current.plan,
        reports,
        (batch, index) =>
          write.quiet(adminEndpoints.keysImport, {
            import_id: current.importId,
            batch: index,
            goods_id: current.target.goods_id,
            ...option,
            lines: batch.lines,
            first_line: batch.first_line,
            bad: batch.bad,
          }),
        () => setRun((r) => (r ? { ...r, reports: [...reports] } : r)),
      );
      setRun({ ...current, reports, state: 'done' });
    } catch (error) {
      const failed = error instanceof BatchFailed ? error : new BatchFailed(0, error);
      const cause = failed.cause;
      const message = isApiError(cause) ? cause.msg : String(cause);
      // Batches done before the failure are in stock already (each batch reloaded the page).
      setRun({ ...current, reports, state: 'stopped', failed: { index: failed.index, message } });
    }
  }

  function start() {
    if (!target) return;
    void go({
      target,
      plan: planImport(text),
      importId: newIdempotencyKey(),
      reports: [],
      state: 'running',
    });
  }

  function reset() {
    setRun(null);
    setText('');
    setFileNote('');
  }

  const locked = run !== null;
  const shownTarget = run?.target ?? target;
  return (
    <Panel title={t('keys.import.title')}>
      {shownTarget ? (
        <p className="mb-3 text-sm text-stone-700" data-testid="keys-import-target">
          {t('keys.import.into')}: <strong className="font-semibold">{optionLabel(shownTarget)}</strong>
        </p>
      ) : (
        <p className="text-sm text-stone-500">{t('keys.import.chooseOption')}</p>
      )}
      {shownTarget ? (
        <div className="space-y-3">
          <div>
            <label htmlFor="keys-import-text" className="mb-1 block text-sm font-medium text-stone-800">
              {t('keys.import.paste')}
            </label>
            <textarea
              id="keys-import-text"
              className="input min-h-40 font-mono text-sm"
              value={text}
              disabled={locked}
              spellCheck={false}
              aria-describedby="keys-import-hint"
              onChange={(e) => {
                setText(e.target.value);
                setFileNote('');
              }}
            />
            <p id="keys-import-hint" className="mt-1 text-xs text-stone-500">
              {t('keys.import.pasteHint')}
            </p>
          </div>
          <div>
            <label htmlFor="keys-import-file" className="mb-1 block text-sm font-medium text-stone-800">
              {t('keys.import.file')}
            </label>
            <input
              id="keys-import-file"
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              disabled={locked}
              onChange={(e) => void readFile(e)}
              className="block text-sm text-stone-700 file:mr-3 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:border-brand-600"
            />
            {fileError ? (
              <p role="alert" className="mt-1 text-xs text-red-700">
                {fileError}
              </p>
            ) : fileNote ? (
              <p className="mt-1 text-xs text-stone-500">{fileNote}</p>
            ) : null}
          </div>
          {run ? (
            <Progress run={run} onResume={() => void go(run)} onReset={reset} />
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-stone-600" aria-live="polite">
                {text.trim() ? t('keys.import.found', { lines: filled }) : null}
              </p>
              <button
                type="button"
                className="btn-primary"
                disabled={!target || filled === 0 || text !== deferred}
                onClick={start}
              >
                {t('keys.import.start', { count: filled })}
              </button>
            </div>
          )}
        </div>
      ) : null}
    </Panel>
  );
}

function Progress({ run, onResume, onReset }: { run: Run; onResume: () => void; onReset: () => void }) {
  const { t } = useAdminT();
  const done = linesDone(run.plan, run.reports);
  const batches = run.plan.batches.length;
  const finished = run.reports.filter(Boolean).length;
  const percent = run.plan.lines === 0 ? 100 : Math.round((done / run.plan.lines) * 100);
  const summary = summarize(run.reports);
  return (
    <div className="space-y-3" data-testid="keys-import-run">
      <div>
        <div className="mb-1 flex justify-between text-xs text-stone-600">
          <span aria-live="polite">
            {run.state === 'running'
              ? t('keys.import.running', { batch: Math.min(finished + 1, batches), batches })
              : run.state === 'done'
                ? t('keys.import.done')
                : null}
          </span>
          <span className="tabular-nums">
            {done} / {run.plan.lines} · {percent}%
          </span>
        </div>
        <div
          role="progressbar"
          aria-label={t('keys.import.progress')}
          aria-valuemin={0}
          aria-valuemax={run.plan.lines}
          aria-valuenow={done}
          aria-valuetext={`${done} / ${run.plan.lines}`}
          className="h-3 overflow-hidden rounded-full bg-stone-200"
        >
          <div
            className={`h-full rounded-full transition-[width] duration-300 ${run.state === 'stopped' ? 'bg-red-500' : 'bg-brand-600'}`}
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      {run.failed ? (
        <FormError
          message={t('keys.import.stopped', {
            batch: run.failed.index + 1,
            batches,
            message: run.failed.message,
          })}
        />
      ) : null}
      {run.state !== 'running' ? (
        <div className="space-y-3" data-testid="keys-import-report">
          <dl className="grid grid-cols-3 gap-3 text-center">
            {(
              [
                ['imported', summary.imported, 'text-emerald-700'],
                ['duplicates', summary.duplicates.length, 'text-amber-800'],
                ['bad', summary.bad.length, 'text-red-700'],
              ] as const
            ).map(([key, count, color]) => (
              <div key={key} className="rounded-lg border border-stone-200 p-3">
                <dt className="text-xs text-stone-600">{t(`keys.import.${key}`)}</dt>
                <dd
                  className={`text-2xl font-semibold tabular-nums ${color}`}
                  data-testid={`keys-import-${key}`}
                >
                  {count}
                </dd>
              </div>
            ))}
          </dl>
          {summary.header ? (
            <p className="text-sm text-stone-700" data-testid="keys-import-header">
              {t('keys.import.header', { line: summary.header.line, text: summary.header.text })}
            </p>
          ) : null}
          <LineList title={t('keys.import.duplicates')} lines={summary.duplicates} />
          <LineList title={t('keys.import.bad')} lines={summary.bad} />
          <div className="flex flex-wrap justify-end gap-2">
            {run.state === 'stopped' ? (
              <>
                <button type="button" className="btn-ghost" onClick={onReset}>
                  {t('keys.import.discard')}
                </button>
                <button type="button" className="btn-primary" onClick={onResume}>
                  {t('keys.import.resume')}
                </button>
              </>
            ) : (
              <button type="button" className="btn-outline" onClick={onReset}>
                {t('keys.import.again')}
              </button>
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}

function LineList({
  title,
  lines,
}: {
  title: string;
  lines: { line: number; reason: 'stored' | 'repeated' | BadLineReason }[];
}) {
  const { t } = useAdminT();
  if (lines.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3 className="mb-1 text-sm font-medium text-stone-800">
        {title} ({lines.length})
      </h3>
      <ul className="max-h-48 overflow-y-auto rounded-lg border border-stone-200 bg-stone-50 px-3 py-2 text-sm">
        {lines.slice(0, LISTED).map((l) => (
          <li key={l.line} className="flex gap-3">
            <span className="w-24 shrink-0 text-stone-500 tabular-nums">
              {t('keys.import.line', { line: l.line })}
            </span>
            <span className="text-stone-800">
              {t(`keys.import.reason.${l.reason}`, { max: CARD_KEY_MAX_LENGTH })}
            </span>
          </li>
        ))}
        {lines.length > LISTED ? (
          <li className="text-stone-500">{t('keys.import.more', { count: lines.length - LISTED })}</li>
        ) : null}
      </ul>
    </section>
  );
}

import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { isApiError } from '../../../lib/http';
import {
  checkFile,
  formatBytes,
  formatList,
  formatNames,
  grantLimits,
  sendUpload,
  UPLOAD_CONTENT_TYPES,
  type FileProblem,
} from '../../../lib/upload';
import { adminQuiet } from './admin-api';
import { useAdminT } from './use-admin-t';

type State = { phase: 'idle'; error: string } | { phase: 'uploading'; percent: number };

/**
 * A catalog or content picture: choose a file, see it at once, and it is uploaded to the shop's
 * store with a grant from GET /api/admin/upload/grant (the buyers' upload protocol); `onChange`
 * gets the picture's address. The address can also be typed (a picture already on the site).
 */
export function ImageUpload({
  label,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  value: string;
  onChange: (address: string) => void;
  error?: string | undefined;
  testId?: string;
}) {
  const { t, locale } = useAdminT();
  const [state, setState] = useState<State>({ phase: 'idle', error: '' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  function describe(problem: FileProblem): string {
    if (problem.kind === 'type')
      return t('common.upload.type', { formats: formatList(problem.formats, locale) });
    if (problem.kind === 'empty') return t('common.upload.empty');
    return t('common.upload.size', {
      size: formatBytes(problem.size, locale),
      max: formatBytes(problem.max, locale),
    });
  }

  async function upload(file: File) {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const fail = (text: string) => {
      if (!controller.signal.aborted) setState({ phase: 'idle', error: text || t('common.upload.failed') });
    };
    setState({ phase: 'uploading', percent: 0 });
    try {
      const grant = await adminQuiet.call(adminEndpoints.adminUploadGrant, undefined, {
        signal: controller.signal,
      });
      const problem = checkFile(file, grantLimits(grant));
      if (problem) return fail(describe(problem));
      const outcome = await sendUpload({
        grant,
        file,
        locale,
        signal: controller.signal,
        onProgress: (percent) => setState({ phase: 'uploading', percent }),
      });
      if (!outcome.ok) return fail(outcome.reason === 'aborted' ? '' : outcome.message);
      setState({ phase: 'idle', error: '' });
      onChange(grant.public_url);
    } catch (e) {
      fail(isApiError(e) ? e.msg : '');
    }
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkFile(file);
    if (problem) return setState({ phase: 'idle', error: describe(problem) });
    void upload(file);
  }

  const shownError = error || (state.phase === 'idle' ? state.error : '');
  const accept = UPLOAD_CONTENT_TYPES.join(',');
  return (
    <div data-testid={testId}>
      <span className="mb-1 block text-sm font-medium text-stone-800">{label}</span>
      <div className="flex items-start gap-3">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-stone-200 bg-stone-50 text-center text-[11px] text-stone-600">
          {value ? <img src={value} alt="" className="size-full object-cover" /> : t('common.upload.none')}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <label className="btn-outline cursor-pointer">
              {value ? t('common.upload.replace') : t('common.upload.choose')}
              <input type="file" accept={accept} className="sr-only" onChange={choose} aria-label={label} />
            </label>
            {value ? (
              <button type="button" className="btn-ghost" onClick={() => onChange('')}>
                {t('common.upload.remove')}
              </button>
            ) : null}
            <span className="text-xs text-stone-500">
              {formatList(formatNames(UPLOAD_CONTENT_TYPES), locale)}
            </span>
          </div>
          {state.phase === 'uploading' ? (
            <div
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={state.percent}
              aria-label={t('common.upload.uploading', { percent: state.percent })}
              className="h-1.5 w-full overflow-hidden rounded-full bg-stone-200"
            >
              <div className="h-full bg-brand-700 transition-all" style={{ width: `${state.percent}%` }} />
            </div>
          ) : null}
          <input
            className="input h-9 text-xs"
            value={value}
            aria-label={t('common.upload.address')}
            placeholder="/uploads/catalog/…"
            onChange={(e) => onChange(e.target.value.trim())}
          />
          {shownError ? (
            <p role="alert" className="text-xs text-red-700">
              {shownError}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}

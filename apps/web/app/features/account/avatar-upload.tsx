import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { parseLocale } from '@shop/domain/locale';
import { endpoints } from '@shop/contract/endpoints';
import type { UploadGrant } from '@shop/contract/upload';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { isApiError } from '../../lib/http';
import { message } from '../../lib/toast';
import {
  checkFile,
  formatBytes,
  formatList,
  formatNames,
  grantLimits,
  sendUpload,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_MAX_BYTES,
  type FileProblem,
} from '../../lib/upload';
import { useUserStore, type UserInfo } from '../../stores/user';
import { Avatar } from '../../components/ui/avatar';

const AVATAR_SIZE = 72;

type Upload =
  | { phase: 'idle'; error: string }
  | { phase: 'uploading'; file: File; percent: number }
  | { phase: 'saving'; file: File }
  | { phase: 'failed'; file: File; error: string };

const IDLE: Upload = { phase: 'idle', error: '' };

/**
 * The avatar on the profile page and the control that changes it (issue 4): the file is checked
 * here, shown at once as a preview, uploaded with a grant from GET /api/front/oss/getStsToken
 * (progress shown, cancellable), then saved as the profile's avatar; the header follows the store.
 */
export function AvatarUpload({ info, name }: { info: UserInfo; name: string }) {
  const { t, i18n } = useTranslation();
  const hintId = useId();
  const updateProfile = useUserStore((s) => s.updateProfile);
  const inputRef = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<Upload>(IDLE);
  const [preview, setPreview] = useState('');
  // The object URL lives in a ref too so it is revoked exactly once, whoever replaces it.
  const previewRef = useRef('');
  const abortRef = useRef<AbortController | null>(null);
  const locale = parseLocale(i18n.language);
  const formats = formatList(formatNames(UPLOAD_CONTENT_TYPES), locale);

  function showPreview(next: string) {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = next;
    setPreview(next);
  }

  useEffect(
    () => () => {
      abortRef.current?.abort();
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
      previewRef.current = '';
    },
    [],
  );

  function describe(problem: FileProblem): string {
    if (problem.kind === 'type') {
      return t('profile.avatarErrors.type', { formats: formatList(problem.formats, locale) });
    }
    if (problem.kind === 'empty') return t('profile.avatarErrors.empty');
    return t('profile.avatarErrors.size', {
      size: formatBytes(problem.size, locale),
      max: formatBytes(problem.max, locale),
    });
  }

  async function start(file: File) {
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    const { signal } = controller;
    const fail = (error: string) => {
      if (!signal.aborted) setUpload({ phase: 'failed', file, error: error || t('profile.avatarFailed') });
    };
    setUpload({ phase: 'uploading', file, percent: 0 });

    let grant: UploadGrant;
    try {
      grant = await api.call(endpoints.uploadGrant, undefined, { signal });
    } catch (error) {
      // The shared client showed the pop-up; keep its text beside the picture too.
      return fail(isApiError(error) ? error.msg : '');
    }
    const problem = checkFile(file, grantLimits(grant));
    if (problem) return fail(describe(problem));

    const outcome = await sendUpload({
      grant,
      file,
      locale,
      signal,
      onProgress: (percent) => {
        if (!signal.aborted) setUpload({ phase: 'uploading', file, percent });
      },
    });
    if (signal.aborted) return;
    if (!outcome.ok) return fail(outcome.reason === 'network' ? t('errors.network') : outcome.message);

    setUpload({ phase: 'saving', file });
    try {
      await updateProfile({ avatar: grant.public_url });
    } catch (error) {
      return fail(isApiError(error) ? error.msg : '');
    }
    if (signal.aborted) return;
    abortRef.current = null;
    showPreview('');
    setUpload(IDLE);
    message.success(t('profile.avatarSaved'));
  }

  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again is a change too.
    event.target.value = '';
    if (!file) return;
    const problem = checkFile(file);
    if (problem) {
      showPreview('');
      setUpload({ phase: 'idle', error: describe(problem) });
      return;
    }
    showPreview(URL.createObjectURL(file));
    void start(file);
  }

  function cancel() {
    abortRef.current?.abort();
    abortRef.current = null;
    showPreview('');
    setUpload(IDLE);
  }

  const busy = upload.phase === 'uploading' || upload.phase === 'saving';
  const error = upload.phase === 'failed' || upload.phase === 'idle' ? upload.error : '';
  const percent = upload.phase === 'uploading' ? upload.percent : upload.phase === 'saving' ? 100 : 0;

  return (
    <div className="flex items-start gap-4">
      <div className="relative shrink-0" aria-busy={busy || undefined}>
        {preview ? (
          <img
            src={preview}
            alt={t('profile.avatarPreviewAlt')}
            width={AVATAR_SIZE}
            height={AVATAR_SIZE}
            data-testid="avatar-preview"
            className={`shrink-0 rounded-full bg-stone-100 object-cover ring-2 ring-offset-2 ${
              upload.phase === 'failed' ? 'ring-red-500' : 'ring-brand-500'
            } ${busy ? 'opacity-80' : ''}`}
            style={{ width: AVATAR_SIZE, height: AVATAR_SIZE }}
          />
        ) : (
          <Avatar src={info.avatar} name={name} size={AVATAR_SIZE} alt={t('profile.avatarAlt')} />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-stone-900">{name}</p>
        <p className="truncate text-sm text-stone-600">{info.email || info.phone}</p>
        <input
          ref={inputRef}
          type="file"
          accept={UPLOAD_CONTENT_TYPES.join(',')}
          onChange={onChoose}
          hidden
          data-testid="avatar-file"
        />
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {upload.phase === 'failed' ? (
            <button
              type="button"
              onClick={() => {
                void start(upload.file);
              }}
              className="btn-primary h-8 px-3 text-xs"
            >
              {t('profile.avatarRetry')}
            </button>
          ) : (
            <button
              type="button"
              onClick={() => inputRef.current?.click()}
              disabled={busy}
              aria-describedby={hintId}
              className="btn-outline h-8 px-3 text-xs"
            >
              {t('profile.changeAvatar')}
            </button>
          )}
          {upload.phase === 'uploading' || upload.phase === 'failed' ? (
            <button type="button" onClick={cancel} className="btn-ghost h-8 px-3 text-xs">
              {t('profile.avatarCancel')}
            </button>
          ) : null}
        </div>
        {busy ? (
          <div className="mt-2 max-w-xs">
            <div
              role="progressbar"
              aria-label={t('profile.avatarProgress')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-1.5 overflow-hidden rounded-full bg-stone-200"
            >
              <div
                className="h-full rounded-full bg-brand-600 transition-[width] duration-200"
                style={{ width: `${percent}%` }}
              />
            </div>
            <p className="mt-1 text-xs text-stone-600 tabular-nums" aria-live="polite">
              {upload.phase === 'saving' ? t('common.saving') : t('profile.avatarUploading', { percent })}
            </p>
          </div>
        ) : error ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <p id={hintId} className="mt-1.5 text-xs text-stone-600">
          {t('profile.avatarHint', { formats, max: formatBytes(UPLOAD_MAX_BYTES, locale) })}
        </p>
      </div>
    </div>
  );
}

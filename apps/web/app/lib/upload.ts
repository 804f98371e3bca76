// Avatar upload (issue 4; the protocol is described in @shop/contract/upload): the checks made
// before anything is sent, the multipart form an upload grant asks for, and how the store's answer
// is read. sendUpload() at the bottom is the browser part: XMLHttpRequest, because fetch() cannot
// report upload progress.
import type { UploadGrant } from '@shop/contract/upload';
import { UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES } from '@shop/domain/upload';
import type { Locale } from '@shop/domain/locale';

export { UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES };

export interface UploadLimits {
  contentTypes: readonly string[];
  maxBytes: number;
}

export const UPLOAD_LIMITS: UploadLimits = {
  contentTypes: UPLOAD_CONTENT_TYPES,
  maxBytes: UPLOAD_MAX_BYTES,
};

/** The limits a grant states (the server may be stricter than the defaults). */
export function grantLimits(grant: Pick<UploadGrant, 'content_types' | 'max_bytes'>): UploadLimits {
  return { contentTypes: grant.content_types, maxBytes: grant.max_bytes };
}

/** Why a file cannot be uploaded; the page turns it into a localized message. */
export type FileProblem =
  { kind: 'type'; formats: string[] } | { kind: 'size'; size: number; max: number } | { kind: 'empty' };

const FORMAT_NAMES: Record<string, string> = { png: 'PNG', jpeg: 'JPEG', webp: 'WebP', gif: 'GIF' };

/** "image/png" → "PNG": the names a buyer knows the formats by. */
export function formatNames(contentTypes: readonly string[]): string[] {
  return contentTypes.map((type) => {
    const subtype = type.split('/')[1] ?? type;
    return FORMAT_NAMES[subtype] ?? subtype.toUpperCase();
  });
}

/** "PNG, JPEG, WebP, or GIF" / "PNG、JPEG、WebP或GIF". */
export function formatList(names: readonly string[], locale: Locale): string {
  return new Intl.ListFormat(locale, { type: 'disjunction' }).format(names);
}

/** The first thing wrong with `file` under `limits`, or null when it may be uploaded. */
export function checkFile(
  file: { type: string; size: number },
  limits: UploadLimits = UPLOAD_LIMITS,
): FileProblem | null {
  // The browser's type comes from the file name; the server checks the bytes as well.
  if (!limits.contentTypes.includes(file.type)) {
    return { kind: 'type', formats: formatNames(limits.contentTypes) };
  }
  if (file.size === 0) return { kind: 'empty' };
  if (file.size > limits.maxBytes) return { kind: 'size', size: file.size, max: limits.maxBytes };
  return null;
}

/**
 * A size for people: "2 MB", "3.1 MB", "512 kB" (1 MB = 1024 × 1024 bytes, as the limit is
 * counted). Rounded up, so a file just over the limit never reads as equal to it.
 */
export function formatBytes(bytes: number, locale: Locale): string {
  const mb = bytes >= 1024 * 1024;
  const value = Math.ceil((bytes / (mb ? 1024 * 1024 : 1024)) * 10) / 10;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: mb ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(value);
}

/**
 * The multipart entries, in the order the grant needs them: every grant field as given, then the
 * file's Content-Type (unless the grant fixes it), then the file, last, as `file` (an S3 POST
 * policy ignores anything after the file).
 */
export function uploadFormEntries(
  grant: Pick<UploadGrant, 'fields'>,
  file: Blob,
): Array<[name: string, value: string | Blob]> {
  const entries: Array<[string, string | Blob]> = Object.entries(grant.fields);
  if (!entries.some(([name]) => name.toLowerCase() === 'content-type')) {
    entries.push(['Content-Type', file.type]);
  }
  entries.push(['file', file]);
  return entries;
}

export function toFormData(entries: Array<[string, string | Blob]>): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

/**
 * Headers for the upload POST. The local store answers in the Locale header's language (SPEC §7);
 * an S3 bucket gets none, as an extra header there only adds to what its CORS rules must allow.
 */
export function uploadHeaders(grant: Pick<UploadGrant, 'provider'>, locale: Locale): Record<string, string> {
  return grant.provider === 'local' ? { Locale: locale } : {};
}

/** Whole percent sent, 0–100; 0 while the total is unknown. */
export function progressPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}

export type UploadOutcome =
  | { ok: true }
  /** `message` is the store's own (localized) text, or '' when it gave none. */
  | { ok: false; reason: 'rejected' | 'network' | 'aborted'; message: string };

function envelopeOf(body: string): { code: number; msg: string } | null {
  try {
    const value: unknown = JSON.parse(body);
    if (typeof value !== 'object' || value === null) return null;
    const { code, msg } = value as { code?: unknown; msg?: unknown };
    return typeof code === 'number' ? { code, msg: typeof msg === 'string' ? msg : '' } : null;
  } catch {
    return null;
  }
}

/**
 * Reads the store's answer: the local store answers 200 with the usual envelope (or a 4xx one with
 * a message); S3 answers 204 or 201 with no JSON at all, and an XML error otherwise.
 */
export function readUploadResponse(status: number, body: string): UploadOutcome {
  const envelope = envelopeOf(body);
  if (status >= 200 && status < 300) {
    if (!envelope || envelope.code === 200) return { ok: true };
    return { ok: false, reason: 'rejected', message: envelope.msg };
  }
  return { ok: false, reason: 'rejected', message: envelope?.msg ?? '' };
}

/**
 * POSTs `file` to the grant's address (no Authorization: the grant is the permission), reporting
 * progress as whole percents. Never rejects; aborting through `signal` resolves as 'aborted'.
 */
export function sendUpload({
  grant,
  file,
  locale,
  signal,
  onProgress,
}: {
  grant: Pick<UploadGrant, 'url' | 'fields' | 'provider'>;
  file: Blob;
  locale: Locale;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
}): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const aborted = () => resolve({ ok: false, reason: 'aborted', message: '' });
    if (signal?.aborted) return aborted();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', grant.url);
    for (const [name, value] of Object.entries(uploadHeaders(grant, locale))) {
      xhr.setRequestHeader(name, value);
    }
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(progressPercent(event.loaded, event.total));
      };
    }
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (outcome: UploadOutcome) => {
      signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    xhr.onload = () => settle(readUploadResponse(xhr.status, xhr.responseText));
    xhr.onerror = () => settle({ ok: false, reason: 'network', message: '' });
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => settle({ ok: false, reason: 'aborted', message: '' });
    xhr.send(toFormData(uploadFormEntries(grant, file)));
  });
}

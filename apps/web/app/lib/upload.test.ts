import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  checkFile,
  formatBytes,
  formatList,
  formatNames,
  grantLimits,
  progressPercent,
  readUploadResponse,
  sendUpload,
  toFormData,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_MAX_BYTES,
  uploadFormEntries,
  uploadHeaders,
} from './upload';

const MB = 1024 * 1024;
const png = (size: number) => ({ type: 'image/png', size });

describe('checkFile', () => {
  it('accepts each allowed image type up to the limit, inclusive', () => {
    for (const type of UPLOAD_CONTENT_TYPES) expect(checkFile({ type, size: 1 })).toBeNull();
    expect(checkFile(png(UPLOAD_MAX_BYTES))).toBeNull();
  });

  it('refuses other types (SVG too), naming the formats that are allowed', () => {
    for (const type of ['image/svg+xml', 'text/plain', 'application/pdf', '']) {
      expect(checkFile({ type, size: 10 })).toEqual({
        kind: 'type',
        formats: ['PNG', 'JPEG', 'WebP', 'GIF'],
      });
    }
  });

  it('refuses a file one byte over the limit, and an empty one', () => {
    expect(checkFile(png(UPLOAD_MAX_BYTES + 1))).toEqual({
      kind: 'size',
      size: UPLOAD_MAX_BYTES + 1,
      max: UPLOAD_MAX_BYTES,
    });
    expect(checkFile(png(0))).toEqual({ kind: 'empty' });
  });

  it('checks the type before the size', () => {
    expect(checkFile({ type: 'image/svg+xml', size: 10 * MB })?.kind).toBe('type');
  });

  it('follows the limits of a stricter grant', () => {
    const limits = grantLimits({ content_types: ['image/png'], max_bytes: 1000 });
    expect(checkFile({ type: 'image/gif', size: 10 }, limits)).toEqual({ kind: 'type', formats: ['PNG'] });
    expect(checkFile(png(1001), limits)).toMatchObject({ kind: 'size', max: 1000 });
    expect(checkFile(png(1000), limits)).toBeNull();
  });
});

describe('formatBytes', () => {
  it('shows the limit as 2 MB in both languages', () => {
    expect(formatBytes(UPLOAD_MAX_BYTES, 'en')).toBe('2 MB');
    expect(formatBytes(UPLOAD_MAX_BYTES, 'zh-CN')).toBe('2 MB');
  });

  it('rounds up, so a file over the limit never reads as the limit', () => {
    expect(formatBytes(UPLOAD_MAX_BYTES + 1, 'en')).toBe('2.1 MB');
    expect(formatBytes(3.5 * MB, 'en')).toBe('3.5 MB');
    expect(formatBytes(512 * 1024, 'en')).toBe('512 kB');
    expect(formatBytes(1, 'en')).toBe('0.1 kB');
  });
});

describe('format names', () => {
  it('names the formats as buyers know them, in a localized list', () => {
    const names = formatNames(UPLOAD_CONTENT_TYPES);
    expect(names).toEqual(['PNG', 'JPEG', 'WebP', 'GIF']);
    expect(formatList(names, 'en')).toBe('PNG, JPEG, WebP, or GIF');
    expect(formatList(names, 'zh-CN')).toBe('PNG、JPEG、WebP或GIF');
    expect(formatNames(['image/avif'])).toEqual(['AVIF']);
  });
});

describe('uploadFormEntries', () => {
  const file = new Blob(['x'], { type: 'image/png' });

  it('sends the grant’s fields in order, then Content-Type, then the file last', () => {
    const entries = uploadFormEntries(
      { fields: { key: 'avatars/1/a.png', policy: 'p', 'x-amz-signature': 's' } },
      file,
    );
    expect(entries.map(([name]) => name)).toEqual([
      'key',
      'policy',
      'x-amz-signature',
      'Content-Type',
      'file',
    ]);
    expect(entries[3]).toEqual(['Content-Type', 'image/png']);
    expect(entries[4]![1]).toBe(file);
  });

  it('keeps a Content-Type the grant fixes instead of adding a second one', () => {
    const entries = uploadFormEntries({ fields: { 'content-type': 'image/png', key: 'k' } }, file);
    expect(entries.map(([name]) => name)).toEqual(['content-type', 'key', 'file']);
  });

  it('keeps that order in the FormData', () => {
    const form = toFormData(uploadFormEntries({ fields: { b: '2', a: '1' } }, file));
    expect([...form.keys()]).toEqual(['b', 'a', 'Content-Type', 'file']);
    expect(form.get('file')).toBeInstanceOf(Blob);
  });
});

describe('readUploadResponse', () => {
  it('accepts the local store’s envelope and S3’s empty or XML success', () => {
    expect(readUploadResponse(200, JSON.stringify({ code: 200, msg: 'ok', data: {} }))).toEqual({ ok: true });
    expect(readUploadResponse(204, '')).toEqual({ ok: true });
    expect(readUploadResponse(201, '<PostResponse><Key>a.png</Key></PostResponse>')).toEqual({ ok: true });
  });

  it('keeps the store’s message when it refuses', () => {
    const body = JSON.stringify({ code: 413, msg: '文件太大', data: null });
    expect(readUploadResponse(413, body)).toEqual({ ok: false, reason: 'rejected', message: '文件太大' });
    expect(readUploadResponse(200, JSON.stringify({ code: 400, msg: 'Bad type', data: null }))).toEqual({
      ok: false,
      reason: 'rejected',
      message: 'Bad type',
    });
  });

  it('has no message for an answer it cannot read', () => {
    expect(readUploadResponse(403, '<Error><Code>AccessDenied</Code></Error>')).toEqual({
      ok: false,
      reason: 'rejected',
      message: '',
    });
    expect(readUploadResponse(500, '')).toMatchObject({ ok: false, message: '' });
  });
});

describe('progress and headers', () => {
  it('counts whole percents, 0 while the total is unknown', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(50, 200)).toBe(25);
    expect(progressPercent(199, 200)).toBe(99);
    expect(progressPercent(300, 200)).toBe(100);
  });

  it('tells the local store the language and sends S3 nothing extra', () => {
    expect(uploadHeaders({ provider: 'local' }, 'en')).toEqual({ Locale: 'en' });
    expect(uploadHeaders({ provider: 's3' }, 'en')).toEqual({});
  });
});

/** Just enough of XMLHttpRequest to watch sendUpload drive it. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
}

describe('sendUpload', () => {
  afterEach(() => vi.unstubAllGlobals());
  const grant = {
    provider: 'local' as const,
    url: '/api/front/oss/upload',
    fields: { key: 'k', token: 't' },
  };
  const file = new Blob(['png'], { type: 'image/png' });

  it('POSTs the form to the grant’s url, reports progress and reads the answer', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const done = sendUpload({ grant, file, locale: 'zh-CN', onProgress: (p) => progress.push(p) });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.headers]).toEqual(['POST', grant.url, { Locale: 'zh-CN' }]);
    expect([...xhr.body!.keys()]).toEqual(['key', 'token', 'Content-Type', 'file']);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 2, total: 0 });
    xhr.status = 200;
    xhr.responseText = JSON.stringify({ code: 200, msg: 'ok', data: { key: 'k' } });
    xhr.onload?.();
    await expect(done).resolves.toEqual({ ok: true });
    expect(progress).toEqual([25]);
  });

  it('resolves as aborted when cancelled, and as a network failure on an error', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    const cancelled = sendUpload({ grant, file, locale: 'en', signal: controller.signal });
    controller.abort();
    await expect(cancelled).resolves.toMatchObject({ ok: false, reason: 'aborted' });

    const failed = sendUpload({ grant: { ...grant, provider: 's3' }, file, locale: 'en' });
    expect(FakeXhr.last.headers).toEqual({});
    FakeXhr.last.onerror?.();
    await expect(failed).resolves.toMatchObject({ ok: false, reason: 'network' });
  });

  it('does not start when already cancelled', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    controller.abort();
    const before = FakeXhr.last;
    await expect(sendUpload({ grant, file, locale: 'en', signal: controller.signal })).resolves.toMatchObject(
      {
        reason: 'aborted',
      },
    );
    expect(FakeXhr.last).toBe(before);
  });
});

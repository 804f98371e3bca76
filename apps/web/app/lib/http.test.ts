import { describe, expect, it, vi } from 'vitest';
import { ApiError, buildUrl, createHttpClient, JSON_CONTENT_TYPE, quietly, type FetchLike } from './http';
import { endpoints } from '@shop/contract/endpoints';

type Call = { url: string; init: RequestInit };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fetch that answers from a queue and records every call. */
function fakeFetch(...answers: Array<Response | Error>) {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init = {}) => {
    calls.push({ url, init });
    const next = answers.shift();
    if (!next) throw new Error('unexpected call');
    if (next instanceof Error) throw next;
    return next;
  };
  return { fetch, calls };
}

function client(fetch: FetchLike, overrides: Partial<Parameters<typeof createHttpClient>[0]> = {}) {
  const onError = vi.fn();
  const http = createHttpClient({
    baseUrl: 'https://api.example.test',
    fetch,
    getToken: () => 'tok-1',
    getLocale: () => 'en',
    onError,
    texts: { network: () => 'Network down', invalidResponse: () => 'Bad answer' },
    ...overrides,
  });
  return { http, onError };
}

describe('shared HTTP client (SPEC §7)', () => {
  it('sends the four headers on every call', async () => {
    const { fetch, calls } = fakeFetch(
      json({ code: 200, msg: 'ok', data: 1 }),
      json({ code: 200, msg: 'ok', data: 2 }),
    );
    const { http } = client(fetch);
    await http.call(endpoints.siteConfig);
    await http.call(endpoints.login, { account: 'a', password: 'p' });
    for (const { init } of calls) {
      expect(init.headers).toMatchObject({
        Authorization: 'tok-1',
        'Content-Type': JSON_CONTENT_TYPE,
        Locale: 'en',
        Currency: 'USD',
      });
    }
    expect(JSON_CONTENT_TYPE).toBe('application/json;charset=UTF-8');
    expect(calls[1]?.init.body).toBe('{"account":"a","password":"p"}');
  });

  it('sends an empty Authorization when logged out and CNY for zh-CN', async () => {
    const { fetch, calls } = fakeFetch(json({ code: 200, msg: 'ok', data: null }));
    const { http } = client(fetch, { getToken: () => '', getLocale: () => 'zh-CN' });
    await http.call(endpoints.siteConfig);
    expect(calls[0]?.init.headers).toMatchObject({ Authorization: '', Locale: 'zh-CN', Currency: 'CNY' });
  });

  it('builds the URL from the base address and the query, skipping empty values', async () => {
    const { fetch, calls } = fakeFetch(json({ code: 200, msg: 'ok', data: [] }));
    const { http } = client(fetch);
    await http.call(endpoints.goodsSearch, { page: 2, keyword: 'a b', category_id: undefined });
    expect(calls[0]?.url).toBe('https://api.example.test/api/front/goods/search?page=2&keyword=a+b');
    expect(buildUrl('https://api.example.test/', '/x', { none: null })).toBe('https://api.example.test/x');
  });

  it('resolves with data through call(), or with the whole envelope through callEnvelope()', async () => {
    const { fetch } = fakeFetch(
      json({ code: 200, msg: 'ok', data: { a: 1 } }),
      json({ code: 200, msg: 'ok', data: [], count: 3 }),
    );
    const { http } = client(fetch);
    await expect(http.call(endpoints.siteConfig)).resolves.toEqual({ a: 1 });
    await expect(http.callEnvelope(endpoints.cartShow)).resolves.toMatchObject({ data: [], count: 3 });
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504])(
    'retries a GET answered %i exactly once',
    async (status) => {
      const { fetch, calls } = fakeFetch(
        json({ code: status, msg: 'busy', data: null }, status),
        json({ code: 200, msg: 'ok', data: 'second' }),
      );
      const { http, onError } = client(fetch);
      await expect(http.call(endpoints.siteConfig)).resolves.toBe('second');
      expect(calls).toHaveLength(2);
      expect(onError).not.toHaveBeenCalled();
    },
  );

  it('gives up after one retry and reports the second answer', async () => {
    const { fetch, calls } = fakeFetch(
      json({ code: 503, msg: 'busy', data: null }, 503),
      json({ code: 503, msg: 'still busy', data: null }, 503),
    );
    const { http, onError } = client(fetch);
    const error = await http.call(endpoints.siteConfig).catch((e: unknown) => e);
    expect(calls).toHaveLength(2);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 503, msg: 'still busy', status: 503, kind: 'api' });
    expect(onError).toHaveBeenCalledOnce();
    expect(onError).toHaveBeenCalledWith('still busy', error);
  });

  it('never retries a POST', async () => {
    const { fetch, calls } = fakeFetch(json({ code: 503, msg: 'busy', data: null }, 503));
    const { http, onError } = client(fetch);
    await expect(http.call(endpoints.cartRemove, { id: 1 })).rejects.toMatchObject({ code: 503 });
    expect(calls).toHaveLength(1);
    expect(onError).toHaveBeenCalledWith('busy', expect.any(ApiError));
  });

  it('does not retry other statuses', async () => {
    const { fetch, calls } = fakeFetch(json({ code: 404, msg: 'gone', data: null }, 404));
    const { http } = client(fetch);
    await expect(http.call(endpoints.siteConfig)).rejects.toMatchObject({
      code: 404,
      status: 404,
      msg: 'gone',
    });
    expect(calls).toHaveLength(1);
  });

  it('rejects a body code other than 200 even with HTTP 200, showing the body message', async () => {
    const { fetch } = fakeFetch(json({ code: 10001, msg: '余额不足', data: null }, 200));
    const { http, onError } = client(fetch);
    await expect(http.call(endpoints.orderPay, { oid: 'o1', method: 'balance' })).rejects.toMatchObject({
      code: 10001,
      msg: '余额不足',
      status: 200,
    });
    expect(onError).toHaveBeenCalledWith('余额不足', expect.any(ApiError));
  });

  it('turns a network failure into a localized error without retrying', async () => {
    const { fetch, calls } = fakeFetch(new TypeError('fetch failed'));
    const { http, onError } = client(fetch);
    await expect(http.call(endpoints.siteConfig)).rejects.toMatchObject({
      kind: 'network',
      status: 0,
      msg: 'Network down',
    });
    expect(calls).toHaveLength(1);
    expect(onError).toHaveBeenCalledWith('Network down', expect.any(ApiError));
  });

  it('rejects a body that is not an envelope', async () => {
    const { fetch } = fakeFetch(
      new Response('<html>bad gateway</html>', { status: 502 }),
      new Response('<html>bad gateway</html>', { status: 502 }),
    );
    const { http, onError } = client(fetch);
    await expect(http.call(endpoints.siteConfig)).rejects.toMatchObject({
      kind: 'invalid-response',
      status: 502,
      msg: 'Bad answer',
    });
    expect(onError).toHaveBeenCalledOnce();
  });

  it('shows nothing when no error handler is given (server renders)', async () => {
    const { fetch } = fakeFetch(
      json({ code: 500, msg: 'x', data: null }, 500),
      json({ code: 500, msg: 'x', data: null }, 500),
    );
    const http = createHttpClient({ fetch, getToken: () => '', getLocale: () => 'zh-CN' });
    await expect(http.call(endpoints.siteConfig)).rejects.toBeInstanceOf(ApiError);
  });

  it('lets extra headers through but never lets them replace the SPEC headers', async () => {
    const { fetch, calls } = fakeFetch(json({ code: 200, msg: 'ok', data: null }));
    const { http } = client(fetch);
    await http.call(endpoints.logout, undefined, {
      headers: { 'Idempotency-Key': 'k1', Authorization: 'forged' },
    });
    expect(calls[0]?.init.headers).toMatchObject({ 'Idempotency-Key': 'k1', Authorization: 'tok-1' });
  });

  describe('an aborted request rejects quietly', () => {
    /** A fetch whose body sends half an envelope and then waits; an abort errors the stream. */
    function stallingFetch(bodyStarted: () => void): FetchLike {
      return async (_url, init = {}) => {
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"code":200,"msg":"ok","da'));
            init.signal?.addEventListener('abort', () => controller.error(init.signal!.reason));
            bodyStarted();
          },
        });
        return new Response(stream, { status: 200, headers: { 'content-type': 'application/json' } });
      };
    }

    it('while the body is being read: the abort reason, no pop-up', async () => {
      let started!: () => void;
      const bodyStarted = new Promise<void>((resolve) => (started = resolve));
      const { http, onError } = client(stallingFetch(started));
      const controller = new AbortController();
      const pending = http.call(endpoints.siteConfig, undefined, { signal: controller.signal });
      await bodyStarted;
      controller.abort();
      const error = await pending.catch((e: unknown) => e);
      expect(error).not.toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ name: 'AbortError' });
      expect(onError).not.toHaveBeenCalled();
    });

    it('before the answer: the same', async () => {
      const controller = new AbortController();
      controller.abort();
      const fetch: FetchLike = async (_url, init = {}) => {
        init.signal?.throwIfAborted();
        throw new Error('unreachable');
      };
      const { http, onError } = client(fetch);
      await expect(
        http.call(endpoints.logout, undefined, { signal: controller.signal }),
      ).rejects.toMatchObject({
        name: 'AbortError',
      });
      expect(onError).not.toHaveBeenCalled();
    });

    it('a body cut off without an abort is still a bad answer with its pop-up', async () => {
      const fetch: FetchLike = async () => {
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"code":200,'));
            controller.error(new TypeError('terminated'));
          },
        });
        return new Response(stream, { status: 200 });
      };
      const { http, onError } = client(fetch);
      await expect(http.call(endpoints.siteConfig)).rejects.toMatchObject({
        kind: 'invalid-response',
        msg: 'Bad answer',
      });
      expect(onError).toHaveBeenCalledOnce();
    });
  });
});

describe('one client for every call (issue 29)', () => {
  it('a 401 to a call made with a token reports that token; logged out, nothing', async () => {
    const unauthorized = { code: 401, msg: '请先登录', data: null };
    const onUnauthorized = vi.fn();
    const { http, onError } = client(fetchOf(json(unauthorized, 401)), { onUnauthorized });
    await expect(http.call(endpoints.cartCount)).rejects.toMatchObject({ status: 401, code: 401 });
    expect(onUnauthorized).toHaveBeenCalledWith('tok-1');
    expect(onError).toHaveBeenCalledWith('请先登录', expect.any(ApiError));

    const anonymous = client(fetchOf(json(unauthorized, 401)), { onUnauthorized, getToken: () => '' });
    onUnauthorized.mockClear();
    await expect(anonymous.http.call(endpoints.cartCount)).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a quiet call shows no pop-up but still rejects, and a 401 still ends the session', async () => {
    const onUnauthorized = vi.fn();
    const { fetch } = fakeFetch(
      json({ code: 400, msg: 'nope', data: null }, 400),
      json({ code: 401, msg: '请先登录', data: null }, 401),
      new TypeError('offline'),
    );
    const { http, onError } = client(fetch, { onUnauthorized });
    await expect(http.call(endpoints.orderPayStatus, { oid: 'P1' }, { quiet: true })).rejects.toMatchObject({
      msg: 'nope',
    });
    await expect(http.call(endpoints.orderPayStatus, { oid: 'P1' }, { quiet: true })).rejects.toMatchObject({
      status: 401,
    });
    await expect(http.call(endpoints.orderDetail, { oid: 'P1' }, { quiet: true })).rejects.toMatchObject({
      kind: 'network',
    });
    expect(onError).not.toHaveBeenCalled();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('quietly(): the same client with every call quiet, its options and headers kept', async () => {
    const onUnauthorized = vi.fn();
    const { fetch, calls } = fakeFetch(
      json({ code: 400, msg: 'nope', data: null }, 400),
      json({ code: 401, msg: '请先登录', data: null }, 401),
      json({ code: 200, msg: 'ok', data: { status: 'paid' } }),
    );
    const { http, onError } = client(fetch, { onUnauthorized });
    const quiet = quietly(http);
    await expect(quiet.call(endpoints.orderPayStatus, { oid: 'P1' })).rejects.toMatchObject({ msg: 'nope' });
    await expect(quiet.call(endpoints.orderPayStatus, { oid: 'P1' })).rejects.toMatchObject({ status: 401 });
    await quiet.call(endpoints.orderPayStatus, { oid: 'P2' }, { headers: { 'X-Extra': '1' } });
    expect(onError).not.toHaveBeenCalled();
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(calls.at(-1)?.init.headers).toMatchObject({ 'X-Extra': '1', Locale: 'en' });
  });

  it('file(): the SPEC §7 headers, the answer itself when it is a file, the refusal as any call', async () => {
    const csv = new Response('\uFEFFoid,key\n', {
      status: 200,
      headers: { 'content-type': 'text/csv; charset=utf-8', 'x-card-count': '1' },
    });
    const { fetch, calls } = fakeFetch(csv, json({ code: 403, msg: '没有权限', data: null }, 403));
    const { http, onError } = client(fetch);
    const response = await http.file(endpoints.cardExport, { tz: 'Asia/Shanghai' });
    expect(response.headers.get('x-card-count')).toBe('1');
    expect(calls[0]?.url).toBe('https://api.example.test/api/front/order/card/export?tz=Asia%2FShanghai');
    expect(calls[0]?.init.headers).toMatchObject({
      Authorization: 'tok-1',
      'Content-Type': JSON_CONTENT_TYPE,
      Locale: 'en',
      Currency: 'USD',
    });
    await expect(http.file(endpoints.cardExport, { tz: 'UTC' }, { quiet: true })).rejects.toMatchObject({
      msg: '没有权限',
    });
    expect(onError).not.toHaveBeenCalled();
  });
});

function fetchOf(...answers: Response[]): FetchLike {
  return fakeFetch(...answers).fetch;
}

// The one shared HTTP client of SPEC §7. It runs in the browser (window.fetch, the stored token,
// toasts) and in server loaders (context.apiFetch, no token, no toasts): everything environment
// specific is injected. Every call of the web app to the API goes through it, polls and the CSV
// export included (issue 29, decision 061): a poll asks for no pop-up per call (`quiet`), a file is
// read through `file()`.
import { currencyForLocale, type Locale } from '@shop/domain/locale';
import { shouldRetry } from '@shop/domain/http-retry';
import type { Envelope } from '@shop/contract/envelope';
import type { Endpoint, HttpMethod } from '@shop/contract/endpoints';
import type { EndpointData, EndpointInput, EndpointResponse } from '@shop/contract/endpoint-schemas';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;
export type Query = Record<string, string | number | boolean | null | undefined>;

export type ApiErrorKind = 'api' | 'network' | 'invalid-response';

/** A rejected call: `code`/`msg` from the body, `status` from HTTP (0 when the network failed). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    readonly code: number,
    readonly msg: string,
    readonly status: number,
    options?: { cause?: unknown },
  ) {
    super(msg, options);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface HttpClientOptions {
  /** Base address; '' means same origin (browser) or the in-process API (server). */
  baseUrl?: string;
  fetch: FetchLike;
  getToken: () => string;
  getLocale: () => Locale;
  /** Shows the error pop-up; absent on the server. */
  onError?: (message: string, error: ApiError) => void;
  /**
   * A call made with a token was answered 401: the server no longer accepts `token` (the account
   * was disabled, the token revoked or expired). The browser resets the user data (SPEC §4).
   */
  onUnauthorized?: (token: string) => void;
  /** Localized texts for failures without a server message. */
  texts?: { network: () => string; invalidResponse: () => string };
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Extra headers (e.g. Idempotency-Key); the four SPEC §7 headers always win. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * No error pop-up for this call: it still rejects, and a 401 still ends the session. For checks
   * made again and again while the buyer waits (a payment, a delivery; decision 061).
   */
  quiet?: boolean;
}

export type CallOptions = Omit<RequestOptions, 'query' | 'body'>;
/** The input of an endpoint (query of a GET, body of a POST), optional when it takes none. */
type CallArgs<E extends Endpoint> =
  undefined extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

export interface HttpClient {
  /**
   * Calls one endpoint of the contract's table (`@shop/contract/endpoints`) and resolves with its
   * `data`, typed from the endpoint's schemas: `api.call(endpoints.orderDetail, { oid })`.
   */
  call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<EndpointData<E>>;
  /** As `call`, with the whole body (for responses with fields beside `data`, e.g. cart/show). */
  callEnvelope<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<EndpointResponse<E>>;
  /**
   * A file endpoint (the card-key CSV): the same headers and retry as `call`. A successful answer
   * that is not JSON resolves with the Response for the caller to read; a JSON answer (the API's
   * refusal) rejects like `call`, with its pop-up unless `quiet`.
   */
  file<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<Response>;
}

export const JSON_CONTENT_TYPE = 'application/json;charset=UTF-8';

export function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  let url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
    const search = params.toString();
    if (search) url += `${url.includes('?') ? '&' : '?'}${search}`;
  }
  return url;
}

function isEnvelope(value: unknown): value is Envelope<unknown> & Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
  );
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl ?? '';
  const texts = options.texts ?? {
    network: () => 'Network error',
    invalidResponse: () => 'Service unavailable',
  };

  function fail(error: ApiError, init: RequestOptions, token: string): never {
    // SPEC §4/§7: a token the server refuses is as good as none: the user data is reset. A call
    // made without a token (logged out) has nothing to reset.
    if (token && (error.status === 401 || (error.kind === 'api' && error.code === 401)))
      options.onUnauthorized?.(token);
    if (!init.quiet) options.onError?.(error.msg, error);
    throw error;
  }

  /** Sends one request with the SPEC §7 headers, retrying a GET once (SPEC §7). */
  async function exchange(method: HttpMethod, path: string, init: RequestOptions) {
    const locale = options.getLocale();
    const token = options.getToken();
    const headers: Record<string, string> = {
      ...init.headers,
      Authorization: token,
      'Content-Type': JSON_CONTENT_TYPE,
      Locale: locale,
      Currency: currencyForLocale(locale),
    };
    const url = buildUrl(baseUrl, path, init.query);
    const body = method === 'POST' ? JSON.stringify(init.body ?? {}) : undefined;

    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await options.fetch(url, { method, headers, body, signal: init.signal });
      } catch (cause) {
        if (init.signal?.aborted) throw cause;
        return fail(new ApiError('network', 0, texts.network(), 0, { cause }), init, token);
      }
      if (!shouldRetry(method, response.status, attempt)) return { response, token };
      // Drain the body so the connection can be reused before the single retry.
      await response.body?.cancel().catch(() => undefined);
    }
  }

  /** Reads the envelope of an answer; anything but body code 200 rejects (SPEC §8). */
  async function envelope(response: Response, init: RequestOptions, token: string) {
    let payload: unknown;
    try {
      payload = await response.json();
    } catch (cause) {
      // The caller gave up while the body was arriving: not a bad answer, nothing to show.
      if (init.signal?.aborted) throw cause;
      return fail(
        new ApiError('invalid-response', response.status, texts.invalidResponse(), response.status, {
          cause,
        }),
        init,
        token,
      );
    }
    if (!isEnvelope(payload)) {
      return fail(
        new ApiError('invalid-response', response.status, texts.invalidResponse(), response.status),
        init,
        token,
      );
    }
    // SPEC §8: any body code other than 200 shows the body's message and rejects.
    if (payload.code !== 200) {
      const msg = typeof payload.msg === 'string' && payload.msg ? payload.msg : texts.invalidResponse();
      return fail(new ApiError('api', payload.code, msg, response.status), init, token);
    }
    return payload as Envelope<unknown> & Record<string, unknown>;
  }

  async function request(method: HttpMethod, path: string, init: RequestOptions = {}) {
    const { response, token } = await exchange(method, path, init);
    return envelope(response, init, token);
  }

  async function requestFile(method: HttpMethod, path: string, init: RequestOptions) {
    const { response, token } = await exchange(method, path, init);
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && !type.includes('json')) return response;
    await envelope(response, init, token);
    // A 200 envelope where a file was expected is no file.
    return fail(
      new ApiError('invalid-response', response.status, texts.invalidResponse(), response.status),
      init,
      token,
    );
  }

  function requestOptions<E extends Endpoint>(endpoint: E, [input, options]: CallArgs<E>): RequestOptions {
    const payload = endpoint.method === 'GET' ? { query: input as Query } : { body: input };
    return { ...options, ...payload };
  }

  function send<E extends Endpoint>(endpoint: E, args: CallArgs<E>) {
    return request(endpoint.method, endpoint.path, requestOptions(endpoint, args));
  }

  return {
    async call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>) {
      return (await send(endpoint, args)).data as EndpointData<E>;
    },
    async callEnvelope<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>) {
      return (await send(endpoint, args)) as EndpointResponse<E>;
    },
    file<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>) {
      return requestFile(endpoint.method, endpoint.path, requestOptions(endpoint, args));
    },
  };
}

/**
 * The same client, every call of it asking for no pop-up (`quiet`): for callers that show the
 * server's message themselves, beside their form. Not a second client: one set of headers, one
 * retry, one 401 reset (decision 061).
 */
export function quietly(client: HttpClient): HttpClient {
  type Args = [input?: unknown, options?: CallOptions];
  const quiet = ([input, options]: Args): Args => [input, { ...options, quiet: true }];
  const view = {
    call: (endpoint: Endpoint, ...args: Args) =>
      client.call(endpoint, ...(quiet(args) as [never, CallOptions])),
    callEnvelope: (endpoint: Endpoint, ...args: Args) =>
      client.callEnvelope(endpoint, ...(quiet(args) as [never, CallOptions])),
    file: (endpoint: Endpoint, ...args: Args) =>
      client.file(endpoint, ...(quiet(args) as [never, CallOptions])),
  };
  return view as HttpClient;
}

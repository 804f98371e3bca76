// The one shared HTTP client of SPEC §7. It runs in the browser (window.fetch, the stored token,
// toasts) and in server loaders (context.apiFetch, no token, no toasts): everything environment
// specific is injected.
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
  /** Localized texts for failures without a server message. */
  texts?: { network: () => string; invalidResponse: () => string };
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Extra headers (e.g. Idempotency-Key); the four SPEC §7 headers always win. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
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

  function fail(error: ApiError): never {
    options.onError?.(error.msg, error);
    throw error;
  }

  async function request(method: HttpMethod, path: string, init: RequestOptions = {}) {
    const locale = options.getLocale();
    const headers: Record<string, string> = {
      ...init.headers,
      Authorization: options.getToken(),
      'Content-Type': JSON_CONTENT_TYPE,
      Locale: locale,
      Currency: currencyForLocale(locale),
    };
    const url = buildUrl(baseUrl, path, init.query);
    const body = method === 'POST' ? JSON.stringify(init.body ?? {}) : undefined;

    let response: Response;
    for (let attempt = 0; ; attempt++) {
      try {
        response = await options.fetch(url, { method, headers, body, signal: init.signal });
      } catch (cause) {
        if (init.signal?.aborted) throw cause;
        return fail(new ApiError('network', 0, texts.network(), 0, { cause }));
      }
      if (!shouldRetry(method, response.status, attempt)) break;
      // Drain the body so the connection can be reused before the single retry.
      await response.body?.cancel().catch(() => undefined);
    }

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
      );
    }
    if (!isEnvelope(payload)) {
      return fail(
        new ApiError('invalid-response', response.status, texts.invalidResponse(), response.status),
      );
    }
    // SPEC §8: any body code other than 200 shows the body's message and rejects.
    if (payload.code !== 200) {
      const msg = typeof payload.msg === 'string' && payload.msg ? payload.msg : texts.invalidResponse();
      return fail(new ApiError('api', payload.code, msg, response.status));
    }
    return payload as Envelope<unknown> & Record<string, unknown>;
  }

  function send<E extends Endpoint>(endpoint: E, [input, options]: CallArgs<E>) {
    const payload = endpoint.method === 'GET' ? { query: input as Query } : { body: input };
    return request(endpoint.method, endpoint.path, { ...options, ...payload });
  }

  return {
    async call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>) {
      return (await send(endpoint, args)).data as EndpointData<E>;
    },
    async callEnvelope<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>) {
      return (await send(endpoint, args)) as EndpointResponse<E>;
    },
  };
}

// Server loaders call the API through the load context (in-process, no network). Server renders
// carry no user token, except the order pages' load with the `session` cookie
// (lib/order-loader.server.ts, decision 049), and never show toasts.
import type { AppLoadContext } from 'react-router';
import type { Locale } from '@shop/domain/locale';
import { createHttpClient, type FetchLike, type HttpClient } from './http';
import './load-context';

export function serverHttp(
  request: Request,
  context: AppLoadContext | undefined,
  locale: Locale,
  token = '',
): HttpClient {
  const apiFetch =
    context && typeof context.apiFetch === 'function' ? context.apiFetch.bind(context) : undefined;
  // Without the in-process hook (e.g. `react-router dev`), call the configured API over HTTP.
  const fetch: FetchLike = apiFetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = apiFetch ? '' : import.meta.env.VITE_API_BASE_URL || new URL(request.url).origin;
  return createHttpClient({ baseUrl, fetch, getToken: () => token, getLocale: () => locale });
}

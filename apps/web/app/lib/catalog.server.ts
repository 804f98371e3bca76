// Catalog calls of the page loaders: the server client of the request's language.
import type { AppLoadContext } from 'react-router';
import type { Locale } from '@shop/domain/locale';
import { localeFromCookieHeader } from '@shop/domain/cookies';
import { isApiError, type HttpClient } from './http';
import { serverHttp } from './http.server';
import { notFound } from './params';

export function catalogApi(
  request: Request,
  context: AppLoadContext | undefined,
): { http: HttpClient; locale: Locale } {
  const locale = localeFromCookieHeader(request.headers.get('Cookie'));
  return { http: serverHttp(request, context, locale), locale };
}

/** True when the API says the thing does not exist (unknown or off-sale id) or the id is invalid. */
export function isMissing(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.kind === 'api' &&
    [error.status, error.code].some((status) => status === 404 || status === 400)
  );
}

/**
 * The API's 404 (and 400 for an id it refuses) become the 404 page with HTTP 404 (SPEC §5, §8);
 * any other failure goes on to the generic error page.
 */
export async function orNotFound<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isMissing(error)) notFound();
    throw error;
  }
}

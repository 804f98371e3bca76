import { type ClientLoaderFunctionArgs, redirect, useRouteLoaderData } from 'react-router';
import type { Me } from './types';
import { isApiError } from '../../../lib/http';
import { adminToken } from './admin-api';

/** The console's login page, coming back to `request`'s page afterwards. */
export function loginUrl(request: Request): string {
  const url = new URL(request.url);
  const next = `${url.pathname}${url.search}`;
  return next === '/admin' ? '/admin/login' : `/admin/login?next=${encodeURIComponent(next)}`;
}

/**
 * A console page's clientLoader (the console renders in the browser only): without an operator's
 * token, or when the API says the token is no longer good (401), it goes to the login page. Any
 * other failure (403, a network error) reaches the page's error boundary. Load with `adminQuiet`.
 */
export function adminLoader<T>(load: (args: ClientLoaderFunctionArgs) => Promise<T>) {
  return async (args: ClientLoaderFunctionArgs): Promise<T> => {
    if (!adminToken.read()) throw redirect(loginUrl(args.request));
    try {
      const data = await load(args);
      leaveDeferredHandled(data);
      return data;
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        adminToken.write('');
        throw redirect(loginUrl(args.request));
      }
      throw error;
    }
  };
}

/**
 * A page's deferred parts (promises its `<Await>` reads) are not read when the layout's loader
 * redirects instead, as it does for every page of an operator on a one-time password, whom the API
 * refuses everything but their own session (decision 056): their refusal must not surface as an
 * unhandled rejection. `<Await>` still sees it when the page renders.
 */
function leaveDeferredHandled(data: unknown) {
  if (data === null || typeof data !== 'object') return;
  for (const value of Object.values(data)) if (value instanceof Promise) value.catch(() => undefined);
}

export const ADMIN_LAYOUT_ID = 'routes/admin/_layout';

/** The logged-in operator (loaded by the console's layout). */
export function useAdminMe(): Me {
  const me = useRouteLoaderData<Me>(ADMIN_LAYOUT_ID);
  if (!me) throw new Error('useAdminMe outside the console layout');
  return me;
}

/** The search parameters of a loader's request as an endpoint's query (absent when empty). */
export function queryOf(request: Request, names: readonly string[]): Record<string, string> {
  const params = new URL(request.url).searchParams;
  const query: Record<string, string> = {};
  for (const name of ['page', 'limit', 'sort', 'order', ...names]) {
    const value = params.get(name);
    if (value !== null && value !== '') query[name] = value;
  }
  return query;
}

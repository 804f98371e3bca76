// The server's load of an order's pages (its detail and its checkout, decision 049): with the
// buyer's `session` cookie, the order itself, so the page arrives whole; without one, or when the
// API refuses the token, only the order number and the browser loads the order with its token.
import { endpoints } from '@shop/contract/endpoints';
import { SESSION_COOKIE } from '@shop/domain/constants';
import { localeFromCookieHeader, readCookie } from '@shop/domain/cookies';
import type { AppLoadContext } from 'react-router';
import { isMissing } from '../../lib/catalog.server';
import { serverHttp } from '../../lib/http.server';
import type { Order } from '../../lib/order';
import { requireOrderId } from '../../lib/params';
import type { Loaded } from '../../lib/signed-in-data';

export type OrderPageData = {
  oid: string;
  /** Undefined: the server had no live session, the browser loads the order. */
  order: Loaded<Order> | undefined;
  /** The clock the server rendered with, which hydration repeats (lib/render-clock.ts). */
  renderedAt?: number;
};

export async function orderServerLoader({
  params,
  request,
  context,
}: {
  params: { oid?: string };
  request: Request;
  context: AppLoadContext | undefined;
}): Promise<OrderPageData> {
  // An order number of the wrong form is a 404 whoever asks.
  const oid = requireOrderId(params.oid);
  const cookies = request.headers.get('Cookie');
  const token = readCookie(cookies, SESSION_COOKIE);
  if (!token) return { oid, order: undefined };
  const http = serverHttp(request, context, localeFromCookieHeader(cookies), token);
  try {
    const order = await http.call(endpoints.orderDetail, { oid });
    return { oid, order: { status: 'ok', data: order }, renderedAt: Date.now() };
  } catch (error) {
    // Not this buyer's order (or none): the same "not found" the browser would show. Any other
    // failure (a token no longer live, the API down) is the browser's to try, with its pop-ups.
    if (isMissing(error)) return { oid, order: { status: 'missing' } };
    return { oid, order: undefined };
  }
}

/**
 * The order pages' headers: what the server renders with a session is the buyer's alone, so no
 * shared cache (a proxy's, or the shop's page cache, apps/api/src/plugins/web-ssr.ts) may keep it.
 */
export function privatePage({ parentHeaders }: { parentHeaders: Headers }): Headers {
  const headers = new Headers(parentHeaders);
  headers.set('Cache-Control', 'private, no-store');
  return headers;
}

// What the two pages of one order (its detail and its checkout) share. With the buyer's `session`
// cookie the server loads the order and renders the page whole (lib/order-loader.server.ts,
// decision 049); without it the server renders the page's skeleton, the browser loads the order
// with its token, and the same states stand in for it until it has.
import { useEffect, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { SESSION_COOKIE } from '@shop/domain/constants';
import { readCookie } from '@shop/domain/cookies';
import { LoadFailed, OrderNotFound } from '../../components/ui/order-states';
import { LoginRequired } from '../../components/ui/login-required';
import type { Order } from '../../lib/order';
import { RenderClock } from '../../lib/render-clock';
import { useUserStore } from '../../stores/user';
import { loadOrder, useKeptData, type Loaded } from '../../lib/signed-in-data';
import { useReloadOnLogin } from '../../stores/reload-on-login';

/**
 * A first load the server rendered without the order asks for it when this module is evaluated in
 * the browser, ahead of hydration (which waits for the language bundle): the order is what the page
 * paints largest (issue 16). The page's load after hydration takes the answer over.
 */
let early: { oid: string; order: Promise<Awaited<ReturnType<typeof loadOrder>> | undefined> } | undefined;
if (typeof window !== 'undefined' && !readCookie(document.cookie, SESSION_COOKIE)) {
  const oid = /^\/user\/order\/(?:checkout|detail)\/([^/]+)$/.exec(window.location.pathname)?.[1];
  // An order number of the wrong form is the server's 404 already.
  if (oid) early = { oid, order: loadOrder({ oid }).catch(() => undefined) };
}

/** The order's load in the browser: a client-side navigation, a reload, or after a bare render. */
export async function orderClientLoader({ params }: { params: { oid?: string } }) {
  const ahead = early?.oid === params.oid ? early?.order : undefined;
  early = undefined;
  return (await ahead) ?? loadOrder(params);
}

/**
 * What both pages of an order put around their content: the clock the server rendered with, which
 * hydration repeats (lib/render-clock.ts); the browser's load of the order when the server rendered
 * without it (no live session); and the load again after a login on the page.
 */
export function OrderPageFrame({
  data,
  children,
}: {
  data: { order: Loaded<Order> | undefined; renderedAt?: number };
  children: ReactNode;
}) {
  const { revalidate } = useRevalidator();
  const absent = data.order === undefined;
  useEffect(() => {
    if (absent) void revalidate();
  }, [absent, revalidate]);
  return (
    <RenderClock value={data.renderedAt}>
      <ReloadOnLogin />
      {children}
    </RenderClock>
  );
}

/**
 * The order of the page (kept through a failed reload) and how to load it again; `stand` is what
 * shows instead of the page when there is no order to show (logged out, unknown, failed), else
 * null (and the order is undefined while it loads: the page's skeleton).
 */
export function useOrderPage(loaded: Loaded<Order> | undefined) {
  // One boolean: reading the stored token after hydration (a token there) renders nothing again.
  const signedOut = useUserStore((s) => s.tokenChecked && !s.token);
  const revalidator = useRevalidator();
  const reload = () => void revalidator.revalidate();
  const order = useKeptData(loaded);
  let stand: ReactNode = null;
  if (signedOut) stand = <LoginRequired testId="page-login-prompt" />;
  else if (loaded?.status === 'missing') stand = <OrderNotFound />;
  else if (loaded?.status === 'failed' && !order) stand = <LoadFailed onRetry={reload} framed />;
  return { order, reload, refreshing: revalidator.state === 'loading', stand };
}

/**
 * The order's page loads again after a login on it (its load ran without a token): a component of
 * its own, so the token's changes render only this, not the order.
 */
function ReloadOnLogin(): null {
  useReloadOnLogin();
  return null;
}

// What the two pages of one order (its detail and its checkout) share: the server checks the order
// number only, the order loads in the browser, and the same states stand in for it until it has.
import type { ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { LoadFailed, OrderNotFound } from './order-states';
import { LoginRequired } from '../user/login-required';
import type { Order } from '../../lib/order';
import { requireOrderId } from '../../lib/params';
import { useUserStore } from '../../stores/user';
import { loadOrder, useKeptData, useReloadOnLogin, type Loaded } from '../../lib/signed-in-data';

/** The server checks the order number only (an unknown form is a 404); the order loads below. */
export function orderLoader({ params }: { params: { oid?: string } }) {
  return { oid: requireOrderId(params.oid) };
}

/**
 * The first load of an order's page asks for the order when this module is evaluated in the
 * browser, ahead of hydration (which waits for the language bundle): the order is what the page
 * paints largest (issue 16). The clientLoader of that hydration takes the answer over.
 */
let early: { oid: string; order: Promise<Awaited<ReturnType<typeof loadOrder>> | undefined> } | undefined;
if (typeof window !== 'undefined') {
  const oid = /^\/user\/order\/(?:checkout|detail)\/([^/]+)$/.exec(window.location.pathname)?.[1];
  // An order number of the wrong form is the server's 404 already.
  if (oid) early = { oid, order: loadOrder({ oid }).catch(() => undefined) };
}

export async function orderClientLoader({ params }: { params: { oid?: string } }) {
  const ahead = early?.oid === params.oid ? early?.order : undefined;
  early = undefined;
  return (await ahead) ?? loadOrder(params);
}
orderClientLoader.hydrate = true as const;

/**
 * The order of the page (kept through a failed reload) and how to load it again; `stand` is what
 * shows instead of the page when there is no order to show (logged out, unknown, failed), else
 * null (and the order is undefined while it loads: the page's skeleton).
 */
export function useOrderPage(loaded: Loaded<Order> | undefined) {
  const tokenChecked = useUserStore((s) => s.tokenChecked);
  const token = useUserStore((s) => s.token);
  const revalidator = useRevalidator();
  const reload = () => void revalidator.revalidate();
  const order = useKeptData(loaded);
  useReloadOnLogin();
  let stand: ReactNode = null;
  if (tokenChecked && !token) stand = <LoginRequired testId="page-login-prompt" />;
  else if (loaded?.status === 'missing') stand = <OrderNotFound />;
  else if (loaded?.status === 'failed' && !order) stand = <LoadFailed onRetry={reload} framed />;
  return { order, reload, refreshing: revalidator.state === 'loading', stand };
}

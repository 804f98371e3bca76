// The data of signed-in pages. The token lives only in localStorage (SPEC §3), so the server cannot
// load it: these pages read it in a `clientLoader` (which also runs on hydration, the server
// rendering their `HydrateFallback`, the loading state), and their submits are `clientAction`s,
// after which React Router loads the page again by itself.
import { useState } from 'react';
import { useLocation, useNavigation, useRevalidator } from 'react-router';
import { endpoints } from '@shop/contract/endpoints';
import { api } from './api';
import { requireOrderId } from './params';
import { isMissing } from './use-remote';
import { readToken } from './token-storage';

/**
 * What a signed-in page's clientLoader hands the page: the data, or why there is none. `signedOut`:
 * nothing was asked (the login card shows); `missing`: the API does not know the thing (404/400);
 * `failed`: any other failure, whose pop-up already showed (lib/http.ts).
 */
export type Loaded<T> =
  { status: 'ok'; data: T } | { status: 'signedOut' } | { status: 'missing' } | { status: 'failed' };

/** Runs `load` when there is a token; a failure becomes a state of the page, not an error page. */
export async function loadSignedIn<T>(load: () => Promise<T>): Promise<Loaded<T>> {
  if (!readToken()) return { status: 'signedOut' };
  try {
    return { status: 'ok', data: await load() };
  } catch (error) {
    return { status: isMissing(error) ? 'missing' : 'failed' };
  }
}

/**
 * The data of a page that keeps what it showed when a reload fails (its pop-up said why): a failed
 * load with nothing before it gives undefined, as does one still under way.
 */
export function useKeptData<T>(loaded: Loaded<T> | undefined): T | undefined {
  const data = loadedData(loaded);
  const [kept, setKept] = useState(data);
  if (data !== undefined && data !== kept) setKept(data);
  return loaded?.status === 'failed' ? kept : data;
}

/** The load failed, whatever the reason (a list has no "missing"): the page offers to try again. */
export function loadFailed(loaded: Loaded<unknown> | undefined): boolean {
  return loaded?.status === 'failed' || loaded?.status === 'missing';
}

/** The data of a loaded page; undefined while it loads, after a failure, or when signed out. */
export function loadedData<T>(loaded: Loaded<T> | undefined): T | undefined {
  return loaded?.status === 'ok' ? loaded.data : undefined;
}

/** The clientLoader of the pages of one order (its detail and its checkout). */
export async function loadOrder(params: { oid?: string }) {
  const oid = requireOrderId(params.oid);
  return { oid, order: await loadSignedIn(() => api.call(endpoints.orderDetail, { oid })) };
}

/**
 * This page is loading again (another tab, page or filter of it, or a revalidation): the list on
 * screen stays, dimmed, until the new one arrives.
 */
export function useReloading(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const { state } = useRevalidator();
  return state === 'loading' || (navigation.state === 'loading' && navigation.location.pathname === pathname);
}

// SPEC §3: the token is the only user datum kept in browser storage (localStorage key `token`). A
// copy goes in the `session` cookie, for the server's render of an order's pages (decision 049):
// both change together, so a logout leaves the server nothing to render with.
import { sessionCookie } from './cookies';

export const TOKEN_STORAGE_KEY = 'token';

let memoryToken = '';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled (privacy mode): keep the token in memory only
  }
}

export function readToken(): string {
  try {
    return storage()?.getItem(TOKEN_STORAGE_KEY) ?? memoryToken;
  } catch {
    return memoryToken;
  }
}

export function writeToken(token: string): void {
  memoryToken = token;
  writeSessionCookie(token);
  try {
    if (token) storage()?.setItem(TOKEN_STORAGE_KEY, token);
    else storage()?.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // quota or privacy mode: the in-memory copy still works for this tab
  }
}

/**
 * Copies the stored token to the session cookie again (once a visit, lib/navigation.ts): it
 * outlives its 30 days for a buyer who keeps coming, and goes when the token has gone.
 */
export function syncSessionCookie(): void {
  writeSessionCookie(readToken());
}

function writeSessionCookie(token: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = sessionCookie(token, window.location.protocol === 'https:');
}

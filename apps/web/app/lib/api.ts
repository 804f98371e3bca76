// The browser instance of the shared client (SPEC §7): window.fetch, the stored token, the shown
// language, an error pop-up for every failed call (unless the call is `quiet`), and the end of the
// session when the server refuses the token (SPEC §4; issue 29, decision 061).
import { createHttpClient } from './http';
import { currentLocale, fixedT } from '../i18n/instance';
import { message } from './toast';
import { readToken } from './token-storage';

const unauthorizedListeners = new Set<(token: string) => void>();

/**
 * Calls `listener` with the token a call was refused with (HTTP 401). The user store resets the
 * user data when it is still its token (lib imports no store: the store subscribes).
 */
export function onUnauthorized(listener: (token: string) => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export const api = createHttpClient({
  baseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
  fetch: (input, init) => window.fetch(input, init),
  getToken: readToken,
  getLocale: currentLocale,
  onError: (text) => message.error(text),
  onUnauthorized: (token) => {
    for (const listener of unauthorizedListeners) listener(token);
  },
  texts: {
    network: () => fixedT(currentLocale())('errors.network'),
    invalidResponse: () => fixedT(currentLocale())('errors.invalidResponse'),
  },
});

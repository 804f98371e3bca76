import { currentLocale, fixedT } from '../../../i18n/instance';
import { createHttpClient, type HttpClient, quietly } from '../../../lib/http';
import { message } from '../../../lib/toast';

export const ADMIN_TOKEN_KEY = 'admin_token';

let memoryToken = '';

export const adminToken = {
  read(): string {
    try {
      return window.localStorage.getItem(ADMIN_TOKEN_KEY) ?? memoryToken;
    } catch {
      return memoryToken;
    }
  },
  write(token: string): void {
    memoryToken = token;
    try {
      if (token) window.localStorage.setItem(ADMIN_TOKEN_KEY, token);
      else window.localStorage.removeItem(ADMIN_TOKEN_KEY);
    } catch {
      // storage disabled: the in-memory copy works for this tab
    }
  },
};

/** The console's one client: a failure shows as a pop-up (loading a table, a toggle, a removal). */
export const adminApi: HttpClient = createHttpClient({
  fetch: (input, init) => window.fetch(input, init),
  getToken: () => adminToken.read(),
  getLocale: currentLocale,
  onError: (text: string) => message.error(text),
  texts: {
    network: () => fixedT(currentLocale())('errors.network'),
    invalidResponse: () => fixedT(currentLocale())('errors.invalidResponse'),
  },
});
/**
 * The same client for calls whose failure the caller shows beside its form (the server's
 * localized message): each call asks for no pop-up (decision 061).
 */
export const adminQuiet = quietly(adminApi);

// The browser instance of the shared client (SPEC §7): window.fetch, the stored token, the shown
// language, and an error pop-up for every failed call.
import { createHttpClient } from './http';
import { currentLocale, fixedT } from '../i18n/instance';
import { message } from './toast';
import { readToken } from './token-storage';

export const api = createHttpClient({
  baseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
  fetch: (input, init) => window.fetch(input, init),
  getToken: readToken,
  getLocale: currentLocale,
  onError: (text) => message.error(text),
  texts: {
    network: () => fixedT(currentLocale())('errors.network'),
    invalidResponse: () => fixedT(currentLocale())('errors.invalidResponse'),
  },
});

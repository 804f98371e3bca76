// The client for checks made again and again while the buyer waits (a payment, a delivery): a
// check that fails is simply made again later, so unlike the shared client (lib/api.ts) it shows
// no pop-up. Browser only.
import { currentLocale } from '../i18n/instance';
import { createHttpClient } from './http';
import { readToken } from './token-storage';

export const quietApi = createHttpClient({
  baseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
  fetch: (input, init) => window.fetch(input, init),
  getToken: readToken,
  getLocale: currentLocale,
});

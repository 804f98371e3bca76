import {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  SESSION_COOKIE,
  SESSION_COOKIE_MAX_AGE_S,
} from '@shop/domain/constants';
import type { Locale } from '@shop/domain/locale';

/** The `document.cookie` assignment that stores the language for 365 days. */
export function languageCookie(locale: Locale): string {
  return `${LANGUAGE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

/**
 * The `document.cookie` assignment that copies the token for the server's render of an order's
 * pages, or removes it (an empty token). Lax: a buyer coming back from Alipay's page (a top-level
 * navigation from another site) still sends it; no other site's request does. Secure over HTTPS.
 */
export function sessionCookie(token: string, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return token
    ? `${SESSION_COOKIE}=${encodeURIComponent(token)}; ${attributes}; Max-Age=${SESSION_COOKIE_MAX_AGE_S}`
    : `${SESSION_COOKIE}=; ${attributes}; Max-Age=0`;
}

import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S } from '@shop/domain/constants';
import type { Locale } from '@shop/domain/locale';

/** The `document.cookie` assignment that stores the language for 365 days. */
export function languageCookie(locale: Locale): string {
  return `${LANGUAGE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S } from '@shop/domain/constants';
import { parseLocale, type Locale } from '@shop/domain/locale';

/** Value of one cookie in a `Cookie` header (or `document.cookie`). */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

/** SPEC §7/§9: the language is kept in the `language` cookie; zh-CN when absent or unknown. */
export function localeFromCookieHeader(header: string | null | undefined): Locale {
  return parseLocale(readCookie(header, LANGUAGE_COOKIE));
}

/** The `document.cookie` assignment that stores the language for 365 days. */
export function languageCookie(locale: Locale): string {
  return `${LANGUAGE_COOKIE}=${encodeURIComponent(locale)}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

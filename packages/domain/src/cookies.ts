import { LANGUAGE_COOKIE } from './constants.ts';
import { type Locale, parseLocale } from './locale.ts';

// Reading the `Cookie` header, shared by the web app (render language) and the API's page cache
// (its key must name the language the render will use, issue 11 finding 3).

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

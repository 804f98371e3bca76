import { describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE_MAX_AGE_S } from '@shop/domain/constants';
import { languageCookie, localeFromCookieHeader, readCookie } from './cookies';

describe('language cookie (SPEC §7, §9)', () => {
  it('reads the language, defaulting to zh-CN', () => {
    expect(localeFromCookieHeader('a=1; language=en; b=2')).toBe('en');
    expect(localeFromCookieHeader('language=zh-CN')).toBe('zh-CN');
    expect(localeFromCookieHeader('language=fr')).toBe('zh-CN');
    expect(localeFromCookieHeader(null)).toBe('zh-CN');
    expect(localeFromCookieHeader('xlanguage=en')).toBe('zh-CN');
  });

  it('decodes values and survives malformed ones', () => {
    expect(readCookie('k=a%20b', 'k')).toBe('a b');
    expect(readCookie('k=%E0%A4%A', 'k')).toBe('%E0%A4%A');
  });

  it('writes a site-wide cookie for 365 days', () => {
    expect(LANGUAGE_COOKIE_MAX_AGE_S).toBe(31_536_000);
    expect(languageCookie('en')).toBe('language=en; Path=/; Max-Age=31536000; SameSite=Lax');
  });
});

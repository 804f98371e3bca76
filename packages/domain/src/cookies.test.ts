import { describe, expect, it } from 'vitest';
import { localeFromCookieHeader, readCookie } from './cookies.ts';

describe('the language cookie, read (SPEC §7, §9)', () => {
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
});

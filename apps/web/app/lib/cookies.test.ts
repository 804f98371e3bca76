import { describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE_MAX_AGE_S } from '@shop/domain/constants';
import { languageCookie } from './cookies';

describe('language cookie (SPEC §7, §9)', () => {
  it('writes a site-wide cookie for 365 days', () => {
    expect(LANGUAGE_COOKIE_MAX_AGE_S).toBe(31_536_000);
    expect(languageCookie('en')).toBe('language=en; Path=/; Max-Age=31536000; SameSite=Lax');
  });
});

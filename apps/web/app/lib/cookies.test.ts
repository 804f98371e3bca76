import { describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE_MAX_AGE_S } from '@shop/domain/constants';
import { languageCookie, sessionCookie } from './cookies';

describe('language cookie (SPEC §7, §9)', () => {
  it('writes a site-wide cookie for 365 days', () => {
    expect(LANGUAGE_COOKIE_MAX_AGE_S).toBe(31_536_000);
    expect(languageCookie('en')).toBe('language=en; Path=/; Max-Age=31536000; SameSite=Lax');
  });
});

describe('session cookie (decision 049)', () => {
  it('copies the token for 30 days, site-wide, Lax, Secure over HTTPS only', () => {
    expect(sessionCookie('ab+c/d', false)).toBe('session=ab%2Bc%2Fd; Path=/; SameSite=Lax; Max-Age=2592000');
    expect(sessionCookie('t', true)).toBe('session=t; Path=/; SameSite=Lax; Secure; Max-Age=2592000');
  });

  it('an empty token removes it', () => {
    expect(sessionCookie('', false)).toBe('session=; Path=/; SameSite=Lax; Max-Age=0');
  });
});

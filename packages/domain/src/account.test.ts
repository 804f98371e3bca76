import { describe, expect, it } from 'vitest';
import { accountKind, normalizeAccount } from './account.ts';

describe('accounts', () => {
  it('tells emails from phone numbers', () => {
    expect(accountKind('buyer@demo.test')).toBe('email');
    expect(accountKind(' Buyer@Demo.Test ')).toBe('email');
    expect(accountKind('13800138000')).toBe('phone');
    expect(accountKind('+86 138-0013-8000')).toBe('phone');
    expect(accountKind('+14155550123')).toBe('phone');
    for (const bad of ['', 'buyer', 'a@b', '12345', '23800138000', '@demo.test'])
      expect(accountKind(bad)).toBeUndefined();
  });

  it('normalizes to one stored form', () => {
    expect(normalizeAccount(' Buyer@Demo.Test ', 'email')).toBe('buyer@demo.test');
    expect(normalizeAccount('+86 138-0013-8000', 'phone')).toBe('13800138000');
    expect(normalizeAccount('8613800138000', 'phone')).toBe('13800138000');
    expect(normalizeAccount('+14155550123', 'phone')).toBe('+14155550123');
  });
});

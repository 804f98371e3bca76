import { describe, expect, it } from 'vitest';
import { badgeText } from './badge.ts';

describe('badgeText (SPEC §9: max+ above 99)', () => {
  it.each([
    [0, ''],
    [-3, ''],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [12345, '99+'],
  ])('%i → %j', (count, text) => expect(badgeText(count)).toBe(text));
  it('takes another maximum', () => expect(badgeText(10, 9)).toBe('9+'));
});

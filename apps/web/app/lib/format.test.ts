import { describe, expect, it } from 'vitest';
import { formatDate, isoDate } from './format';

describe('dates in the shop time zone', () => {
  // 2026-11-21 17:30 UTC is already 2026-11-22 in Shanghai.
  const late = Date.UTC(2026, 10, 21, 17, 30);

  it('formats the calendar date in each language', () => {
    expect(formatDate(late, 'zh-CN')).toBe('2026年11月22日');
    expect(formatDate(late, 'en')).toBe('November 22, 2026');
  });

  it('gives the ISO date of the same day', () => {
    expect(isoDate(late)).toBe('2026-11-22');
  });
});

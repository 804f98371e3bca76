import { describe, expect, it } from 'vitest';
import { formatCountdown, formatDateTime, formatRate, itemsSummary, secondsLeft } from './order-format';
import type { Order } from './order';

describe('countdown', () => {
  it('rounds the seconds left up and stops at zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 99_000)).toBe(0);
  });

  it('formats mm:ss, and h:mm:ss from an hour on', () => {
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(905)).toBe('15:05');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-3)).toBe('00:00');
    expect(formatCountdown(3725)).toBe('1:02:05');
  });
});

describe('formatting', () => {
  it('formatRate drops trailing zeros only', () => {
    expect(formatRate('0.138000')).toBe('0.138');
    expect(formatRate('1.000000')).toBe('1');
    expect(formatRate('7.100000')).toBe('7.1');
    expect(formatRate('10')).toBe('10');
    expect(formatRate('n/a')).toBe('n/a');
  });

  it('formatDateTime shows the time in the shop’s zone (UTC+8), whatever the machine’s', () => {
    const at = Date.UTC(2026, 10, 21, 16, 30); // 00:30 on the 22nd in Shanghai
    expect(formatDateTime(at, 'zh-CN')).toMatch(/2026.*11.*22.*00:30/);
    expect(formatDateTime(at, 'en')).toMatch(/Nov 22, 2026.*12:30\sAM/);
  });

  it('itemsSummary names the first goods and counts the other lines', () => {
    const items = [{ goods_name: 'A' }, { goods_name: 'B' }, { goods_name: 'C' }] as Order['items'];
    expect(itemsSummary(items)).toEqual({ first: 'A', more: 2 });
    expect(itemsSummary([])).toEqual({ first: '', more: 0 });
  });
});

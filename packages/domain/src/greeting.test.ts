import { describe, expect, it } from 'vitest';
import { greeting } from './greeting';

describe('greeting by local hour (SPEC §4)', () => {
  it.each([
    [0, '早上好', 'Good morning'],
    [7, '早上好', 'Good morning'],
    [8, '上午好', 'Good morning'],
    [11, '上午好', 'Good morning'],
    [12, '中午好', 'Good noon'],
    [13, '中午好', 'Good noon'],
    [14, '下午好', 'Good afternoon'],
    [17, '下午好', 'Good afternoon'],
    [18, '晚上好', 'Good evening'],
    [23, '晚上好', 'Good evening'],
  ])('hour %i', (hour, zh, en) => {
    expect(greeting(hour, 'zh-CN')).toBe(zh);
    expect(greeting(hour, 'en')).toBe(en);
  });
});

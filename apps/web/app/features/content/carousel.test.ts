import { describe, expect, it } from 'vitest';
import { swipeStep, wrapIndex } from './carousel';

describe('wrapIndex', () => {
  it.each([
    [0, 3, 0],
    [2, 3, 2],
    [3, 3, 0],
    [-1, 3, 2],
    [-4, 3, 2],
    [7, 3, 1],
    [5, 1, 0],
    [1, 0, 0],
  ])('index %i of %i slides → %i', (index, count, expected) => {
    expect(wrapIndex(index, count)).toBe(expected);
  });

  it('next then previous comes back, from every slide', () => {
    for (let count = 1; count <= 6; count++)
      for (let i = 0; i < count; i++) {
        expect(wrapIndex(wrapIndex(i + 1, count) - 1, count)).toBe(i);
        expect(wrapIndex(i, count)).toBeGreaterThanOrEqual(0);
        expect(wrapIndex(i, count)).toBeLessThan(count);
      }
  });
});

describe('swipeStep', () => {
  it('moves to the next slide on a swipe to the left, the previous one on a swipe to the right', () => {
    expect(swipeStep(-80, 5)).toBe(1);
    expect(swipeStep(80, -5)).toBe(-1);
  });
  it('ignores short moves and mostly vertical ones (page scrolls)', () => {
    expect(swipeStep(-20, 0)).toBe(0);
    expect(swipeStep(39, 0)).toBe(0);
    expect(swipeStep(-60, 120)).toBe(0);
    expect(swipeStep(-60, 30, 80)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { pageCount, paginationRange } from './pagination';

describe('pageCount', () => {
  it.each([
    [0, 20, 1],
    [1, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
    [100, 20, 5],
    [5, 0, 1],
  ])('%i items of %i per page → %i pages', (total, limit, pages) => {
    expect(pageCount(total, limit)).toBe(pages);
  });
});

describe('paginationRange', () => {
  it('lists every page when they fit', () => {
    expect(paginationRange(1, 1)).toEqual([1]);
    expect(paginationRange(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps first, last, the current page and its neighbours', () => {
    expect(paginationRange(1, 12)).toEqual([1, 2, 3, 4, 5, 'gap', 12]);
    expect(paginationRange(4, 12)).toEqual([1, 2, 3, 4, 5, 'gap', 12]);
    expect(paginationRange(5, 12)).toEqual([1, 'gap', 4, 5, 6, 'gap', 12]);
    expect(paginationRange(6, 12)).toEqual([1, 'gap', 5, 6, 7, 'gap', 12]);
    expect(paginationRange(8, 12)).toEqual([1, 'gap', 7, 8, 9, 'gap', 12]);
    expect(paginationRange(9, 12)).toEqual([1, 'gap', 8, 9, 10, 11, 12]);
    expect(paginationRange(12, 12)).toEqual([1, 'gap', 8, 9, 10, 11, 12]);
  });

  it('clamps a current page outside the range', () => {
    expect(paginationRange(0, 12)).toEqual(paginationRange(1, 12));
    expect(paginationRange(99, 12)).toEqual(paginationRange(12, 12));
    expect(paginationRange(1, 0)).toEqual([1]);
  });

  it('has a constant length, the current page, and gaps that hide at least two pages', () => {
    for (const siblings of [1, 2]) {
      for (let total = 1; total <= 40; total++) {
        const lengths = new Set<number>();
        for (let current = 1; current <= total; current++) {
          const items = paginationRange(current, total, siblings);
          lengths.add(items.length);
          expect(items).toContain(current);
          expect(items[0]).toBe(1);
          expect(items.at(-1)).toBe(total);
          const numbers = items.filter((i): i is number => i !== 'gap');
          expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
          items.forEach((item, i) => {
            if (item !== 'gap') return;
            const before = items[i - 1] as number;
            const after = items[i + 1] as number;
            expect(after - before).toBeGreaterThanOrEqual(3);
          });
          // Everything shown is reachable: neighbours of the current page are never hidden.
          for (let n = current - siblings; n <= current + siblings; n++)
            if (n >= 1 && n <= total) expect(items).toContain(n);
        }
        expect(lengths.size).toBe(1);
      }
    }
  });
});

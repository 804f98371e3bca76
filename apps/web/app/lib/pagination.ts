export type PageItem = number | 'gap';

export function pageCount(total: number, limit: number): number {
  if (!(limit > 0) || !(total > 0)) return 1;
  return Math.ceil(total / limit);
}

/**
 * The page numbers to show: always the first and the last, `siblings` on each side of the
 * current one, and a gap where numbers are left out. A gap always hides at least two pages, and
 * the list has the same length wherever the current page is (the control does not jump).
 *
 *   paginationRange(6, 12) → [1, 'gap', 5, 6, 7, 'gap', 12]
 */
export function paginationRange(current: number, total: number, siblings = 1): PageItem[] {
  const last = Math.max(1, Math.floor(total));
  const page = Math.min(Math.max(1, Math.floor(current)), last);
  const slots = 2 * siblings + 5; // first, last, current, its siblings, two gaps
  if (last <= slots) return range(1, last);
  if (page <= siblings + 3) return [...range(1, slots - 2), 'gap', last];
  if (page >= last - siblings - 2) return [1, 'gap', ...range(last - slots + 3, last)];
  return [1, 'gap', ...range(page - siblings, page + siblings), 'gap', last];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

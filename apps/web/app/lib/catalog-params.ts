import { GOODS_SORTS as SORTS } from '@shop/domain/catalog';
import type { GoodsSort } from './catalog';

// URL search parameters of the list pages. Anything unexpected falls back to the default rather
// than failing: these come from links people share and edit.

export { SORTS };

export function parseSort(value: string | null | undefined): GoodsSort {
  return (SORTS as readonly string[]).includes(value ?? '') ? (value as GoodsSort) : 'default';
}

/** `?page=` as a page number from 1; at most 10 000 (the API refuses absurd offsets). */
export function parsePage(value: string | null | undefined): number {
  if (!value || !/^\d{1,5}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= 10_000 ? page : 1;
}

/** A positive numeric id from a query parameter, or undefined. */
export function parseOptionalId(value: string | null | undefined): number | undefined {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
}

/**
 * The same URL with some search parameters changed (undefined or the default value removes one),
 * for links that keep the other filters: `withParams(search, { page: 2 })`.
 */
export function withParams(
  search: URLSearchParams | string,
  changes: Record<string, string | number | undefined>,
  defaults: Record<string, string | number> = { page: 1, sort: 'default' },
): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '' || String(value) === String(defaults[key])) params.delete(key);
    else params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '?';
}

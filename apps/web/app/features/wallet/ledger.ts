// The wallet ledger in the browser (GET /api/front/user/balanceLog, SPEC §7): the asset log's URL
// filters, part of the page's first load (its clientLoader); how an entry is shown is in
// ledger-entry.ts, with the list. Pure, so it is tested without a browser.
import type { ledgerEntry } from '@shop/contract/wallet';
import { LEDGER_TYPES } from '@shop/domain/wallet';
import type { z } from 'zod';
import { parsePage } from '../../lib/catalog-params';

export type LedgerEntry = z.infer<typeof ledgerEntry>;
export type LedgerType = LedgerEntry['type'];

export { LEDGER_TYPES };

export const LEDGER_PER_PAGE = 20;

export interface LedgerFilter {
  type?: LedgerType;
  /** First day, YYYY-MM-DD (the shop's zone, UTC+8). */
  from?: string;
  /** Last day, inclusive. */
  to?: string;
}

/** A real calendar day written YYYY-MM-DD (what `<input type="date">` gives). */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * `?type=&from=&to=&page=` of /user/asset/log. Unknown types and malformed days are dropped
 * (links are shared and edited); days given the wrong way round are swapped, so the range is
 * what was meant rather than always empty.
 */
export function parseLedgerParams(search: URLSearchParams): LedgerFilter & { page: number } {
  const rawType = search.get('type');
  const type = LEDGER_TYPES.find((t) => t === rawType);
  let from = isDay(search.get('from')) ? search.get('from')! : undefined;
  let to = isDay(search.get('to')) ? search.get('to')! : undefined;
  if (from && to && from > to) [from, to] = [to, from];
  return { type, from, to, page: parsePage(search.get('page')) };
}

/** Whether any filter is set (the empty state then says "no entries match"). */
export function isFiltered(filter: LedgerFilter): boolean {
  return Boolean(filter.type || filter.from || filter.to);
}

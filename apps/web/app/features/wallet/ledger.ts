// The wallet ledger in the browser (GET /api/front/user/balanceLog, SPEC §7): the asset log's URL
// filters and how an entry is shown. Pure, so it is tested without a browser.
import type { ledgerEntry } from '@shop/contract/wallet';
import { groupThousands } from '@shop/domain/money';
import { LEDGER_TYPES } from '@shop/domain/wallet';
import type { z } from 'zod';
import { parsePage } from '../../lib/catalog-params';
import { isOrderId } from '../../lib/params';

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

export type AmountDirection = 'in' | 'out' | 'none';

/** Money coming in (+, green) or going out (−, red), from the signed amount the API sends. */
export function amountDirection(amount: string): AmountDirection {
  const trimmed = amount.trim();
  if (trimmed.startsWith('-')) return /[1-9]/.test(trimmed) ? 'out' : 'none';
  return /[1-9]/.test(trimmed) ? 'in' : 'none';
}

/**
 * The amount with an explicit sign (a real minus) before the symbol, thousands separated as all
 * money is (decision 031): "+¥500.00", "−¥1,098.00".
 */
export function signedAmount(amount: string, symbol = ''): string {
  const direction = amountDirection(amount);
  const digits = groupThousands(amount.trim().replace(/^[-+]/, ''));
  const sign = direction === 'in' ? '+' : direction === 'out' ? '\u2212' : '';
  return `${sign}${symbol}${digits}`;
}

/** The order an entry is about, when it names one (payments and refunds); else undefined. */
export function orderRef(entry: Pick<LedgerEntry, 'type' | 'ref'>): string | undefined {
  return (entry.type === 'order_payment' || entry.type === 'refund') && isOrderId(entry.ref)
    ? entry.ref
    : undefined;
}

// How one ledger entry is shown (the asset log's list, a chunk of its own): the direction and sign
// of its amount and the order it names. Apart from ledger.ts, whose URL filters are part of the
// page's first load (ARCHITECTURE.md §7 budget). Pure, so it is tested without a browser.
import { groupThousands } from '@shop/domain/money';
import { isOrderId } from '../../lib/params';
import type { LedgerEntry } from './ledger';

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

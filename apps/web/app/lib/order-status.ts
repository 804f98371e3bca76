// The order list (issue 6): its tabs and URL, and the colour of a status badge.
import { parsePage } from './catalog-params';
import type { OrderStatus } from './order';

// The order list: one tab per state a buyer looks for. `failed` is a short stop before the
// automatic refund, so it has no tab of its own (it still shows under "all").

export const ORDER_TABS = [
  'all',
  'pending_payment',
  'paid',
  'delivering',
  'completed',
  'cancelled',
  'refunded',
] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

export const ORDERS_PER_PAGE = 10;

/** `?status=&page=` of /user/order; anything unexpected falls back to all, page 1. */
export function parseOrderListParams(search: URLSearchParams): { tab: OrderTab; page: number } {
  const status = search.get('status');
  const tab = ORDER_TABS.find((t) => t !== 'all' && t === status) ?? 'all';
  return { tab, page: parsePage(search.get('page')) };
}

export type StatusTone = 'warning' | 'info' | 'success' | 'muted' | 'danger';

/** The colour family of a status badge. */
export function statusTone(status: OrderStatus): StatusTone {
  switch (status) {
    case 'pending_payment':
      return 'warning';
    case 'paid':
    case 'delivering':
      return 'info';
    case 'completed':
      return 'success';
    case 'failed':
      return 'danger';
    case 'cancelled':
    case 'refunded':
      return 'muted';
  }
}

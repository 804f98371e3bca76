import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@shop/domain/order';
import { ORDER_TABS, parseOrderListParams, statusTone } from './order-status';

describe('order list parameters', () => {
  it('reads a known status tab and the page', () => {
    expect(parseOrderListParams(new URLSearchParams('status=paid&page=3'))).toEqual({ tab: 'paid', page: 3 });
  });

  it('falls back to all and page 1 for anything else', () => {
    for (const query of ['', 'status=all', 'status=PAID', 'status=failed&page=0', 'status=x&page=-2']) {
      expect(parseOrderListParams(new URLSearchParams(query))).toEqual({ tab: 'all', page: 1 });
    }
  });

  it('every tab but all is a real order status', () => {
    for (const tab of ORDER_TABS.filter((t) => t !== 'all'))
      expect(ORDER_STATUSES as readonly string[]).toContain(tab);
  });
});

describe('statusTone', () => {
  it('gives every status a tone, waiting and failure apart from the rest', () => {
    expect(ORDER_STATUSES.map(statusTone)).toEqual([
      'warning',
      'info',
      'info',
      'success',
      'muted',
      'danger',
      'muted',
    ]);
  });
});

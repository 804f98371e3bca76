import { describe, expect, it } from 'vitest';
import {
  assertTransition,
  canTransition,
  IllegalTransition,
  isFinal,
  ORDER_STATUSES,
  type OrderStatus,
  predecessors,
} from './order.ts';

describe('order state machine (ARCHITECTURE.md §5)', () => {
  const allowed: [OrderStatus, OrderStatus][] = [
    ['pending_payment', 'paid'],
    ['pending_payment', 'cancelled'],
    ['paid', 'delivering'],
    ['paid', 'completed'],
    ['delivering', 'completed'],
    ['delivering', 'failed'],
    ['failed', 'refunded'],
  ];

  it('allows exactly the documented transitions', () => {
    for (const from of ORDER_STATUSES)
      for (const to of ORDER_STATUSES) {
        const expected = allowed.some(([a, b]) => a === from && b === to);
        expect(canTransition(from, to), `${from} → ${to}`).toBe(expected);
      }
  });

  it('refuses the rest with an error naming both states', () => {
    expect(() => assertTransition('cancelled', 'paid')).toThrow(IllegalTransition);
    expect(() => assertTransition('paid', 'pending_payment')).toThrow(
      'order cannot go from paid to pending_payment',
    );
    expect(() => assertTransition('pending_payment', 'paid')).not.toThrow();
  });

  it('knows the final states and where each state comes from', () => {
    expect(ORDER_STATUSES.filter(isFinal)).toEqual(['completed', 'cancelled', 'refunded']);
    expect(predecessors('completed')).toEqual(['paid', 'delivering']);
    expect(predecessors('pending_payment')).toEqual([]);
  });
});

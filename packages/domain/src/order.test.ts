import { describe, expect, it } from 'vitest';
import {
  CARD_KEY_MACHINE,
  DELIVERY_MACHINE,
  isFinal,
  OPEN_DELIVERY_STATUSES,
  ORDER_MACHINE,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_MACHINE,
  predecessors,
} from './order.ts';
import {
  assertTransition,
  canTransition,
  fromStates,
  IllegalTransition,
  type Machine,
} from './state-machine.ts';

describe('order state machine (ARCHITECTURE.md §5)', () => {
  const allowed: [OrderStatus, OrderStatus][] = [
    ['pending_payment', 'paid'],
    ['pending_payment', 'cancelled'],
    ['paid', 'delivering'],
    ['paid', 'completed'],
    ['delivering', 'completed'],
    ['delivering', 'failed'],
    ['failed', 'refunded'],
    ['completed', 'refunded'],
  ];

  it('allows exactly the documented transitions', () => {
    for (const from of ORDER_STATUSES)
      for (const to of ORDER_STATUSES) {
        const expected = allowed.some(([a, b]) => a === from && b === to);
        expect(canTransition(ORDER_MACHINE, from, to), `${from} → ${to}`).toBe(expected);
      }
  });

  it('refuses the rest with an error naming the machine and both states', () => {
    expect(() => assertTransition(ORDER_MACHINE, 'cancelled', 'paid')).toThrow(IllegalTransition);
    expect(() => assertTransition(ORDER_MACHINE, 'paid', 'pending_payment')).toThrow(
      'order cannot go from paid to pending_payment',
    );
    expect(() => assertTransition(ORDER_MACHINE, 'pending_payment', 'paid')).not.toThrow();
  });

  it('knows the final states and where each state comes from', () => {
    expect(ORDER_STATUSES.filter(isFinal)).toEqual(['completed', 'cancelled', 'refunded']);
    expect(predecessors('completed')).toEqual(['paid', 'delivering']);
    expect(predecessors('pending_payment')).toEqual([]);
  });
});

describe('fromStates: the guard of every conditional update', () => {
  it('derives the allowed sources of a target from the declaration', () => {
    expect(fromStates(ORDER_MACHINE, 'cancelled')).toEqual(['pending_payment']);
    expect(fromStates(PAYMENT_MACHINE, 'paid')).toEqual(['pending']);
    expect(fromStates(CARD_KEY_MACHINE, 'sold')).toEqual(['reserved']);
    expect(fromStates(DELIVERY_MACHINE, 'refunded')).toEqual(['queued', 'submitted', 'unknown', 'waiting']);
  });

  it('accepts a narrower choice only when the machine allows each of its states', () => {
    expect(fromStates(DELIVERY_MACHINE, 'submitted', ['queued'])).toEqual(['queued']);
    expect(() => fromStates(DELIVERY_MACHINE, 'submitted', ['waiting'])).toThrow(
      'delivery cannot go from waiting to submitted',
    );
    expect(() => fromStates(CARD_KEY_MACHINE, 'available', ['sold'])).toThrow(IllegalTransition);
  });

  it('refuses a target nothing may move to (a state is never written from nowhere)', () => {
    expect(() => fromStates(ORDER_MACHINE, 'pending_payment')).toThrow(IllegalTransition);
    expect(() => fromStates(PAYMENT_MACHINE, 'pending')).toThrow(IllegalTransition);
  });

  it('names only its own states, and every machine can end', () => {
    const check = <S extends string>(machine: Machine<S>) => {
      const finals = machine.states.filter((s) => machine.next[s].length === 0);
      expect(finals.length, machine.name).toBeGreaterThan(0);
      for (const s of machine.states) for (const to of machine.next[s]) expect(machine.states).toContain(to);
    };
    check(ORDER_MACHINE);
    check(PAYMENT_MACHINE);
    check(DELIVERY_MACHINE);
    check(CARD_KEY_MACHINE);
    expect(OPEN_DELIVERY_STATUSES).toEqual(['queued', 'submitted', 'unknown', 'waiting']);
    expect(fromStates(CARD_KEY_MACHINE, 'available')).toEqual(['reserved']);
  });
});

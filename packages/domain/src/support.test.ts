import { describe, expect, it } from 'vitest';
import { canTransition, fromStates, isFinalIn } from './state-machine.ts';
import { TICKET_MACHINE, TICKET_STATUSES } from './support.ts';

describe('the ticket machine (issue 30)', () => {
  it('has the statuses the forms and the API list, in their order', () => {
    expect(TICKET_MACHINE.states).toEqual([...TICKET_STATUSES]);
  });

  it('reopens and answers open tickets, closes them, and never reopens a closed one', () => {
    expect(fromStates(TICKET_MACHINE, 'open')).toEqual(['open', 'answered']);
    expect(fromStates(TICKET_MACHINE, 'answered')).toEqual(['open', 'answered']);
    expect(fromStates(TICKET_MACHINE, 'closed')).toEqual(['open', 'answered', 'closed']);
    expect(canTransition(TICKET_MACHINE, 'closed', 'open')).toBe(false);
    expect(canTransition(TICKET_MACHINE, 'closed', 'answered')).toBe(false);
    expect(isFinalIn(TICKET_MACHINE, 'closed')).toBe(false);
  });
});

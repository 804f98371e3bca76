import { defineMachine } from './state-machine.ts';

// Support tickets (issue 7): the states and the limits the API checks and the forms count down,
// counted after trimming. Plain constants, so the browser can import them without zod.

/**
 * A ticket's status (issue 30: declared like every other status):
 *   open ⇄ answered (a buyer's reply reopens, an operator's answer answers; either may repeat)
 *   open | answered → closed (the buyer, or an operator)
 *   closed → closed (a buyer closing twice is no error); nothing reopens a closed ticket
 */
export const TICKET_MACHINE = defineMachine('ticket', {
  open: ['open', 'answered', 'closed'],
  answered: ['open', 'answered', 'closed'],
  closed: ['closed'],
});
/** The machine's states as a tuple (zod enums and the web's tabs), in the same order. */
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const satisfies typeof TICKET_MACHINE.states;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_SUBJECT_MAX = 120;
export const TICKET_MESSAGE_MAX = 2000;

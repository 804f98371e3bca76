// Support tickets (issue 7): the states and the limits the API checks and the forms count down,
// counted after trimming. Plain constants, so the browser can import them without zod.
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_SUBJECT_MAX = 120;
export const TICKET_MESSAGE_MAX = 2000;

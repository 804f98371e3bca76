import { z } from 'zod';
import { pageOf, pageQuery } from './envelope.ts';
import { oid } from './order.ts';
import { text } from './text.ts';
import { TICKET_MESSAGE_MAX, TICKET_STATUSES, TICKET_SUBJECT_MAX } from '@shop/domain/support';

// Support tickets (issue 7, ARCHITECTURE.md §4): /support/list · /create · /detail?id · /reply,
// and /close. Only the owner ever sees a ticket.

export { TICKET_MESSAGE_MAX, TICKET_STATUSES, TICKET_SUBJECT_MAX };

const id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const message = text({ min: 1, max: TICKET_MESSAGE_MAX, multiline: true });

export const ticketListQuery = pageQuery.extend({ status: z.enum(TICKET_STATUSES).optional() });
export const ticketIdQuery = z.object({ id });
export const createTicketBody = z.object({
  subject: text({ min: 1, max: TICKET_SUBJECT_MAX }),
  body: message,
  oid: oid.optional().describe('One of your orders, when the ticket is about it'),
});
export const replyTicketBody = z.object({ id, body: message });
export const closeTicketBody = z.object({ id });

const ticketFields = z.object({
  id: z.number().int(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  oid: z.string().nullable(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
});
const author = z.enum(['buyer', 'operator']);

export const ticketSummary = ticketFields
  .extend({
    last_message: z.string().describe('The newest message, shortened'),
    last_author: author,
  })
  .meta({ id: 'TicketSummary' });
export const ticketPage = pageOf(ticketSummary);

export const ticketDetail = ticketFields
  .extend({
    messages: z.array(
      z.object({
        id: z.number().int(),
        author,
        body: z.string(),
        created_at: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'Ticket' });

import { IDEMPOTENCY_KEY, ORDER_STATUSES } from '@shop/domain/order';
import { TICKET_MESSAGE_MAX, TICKET_STATUSES } from '@shop/domain/support';
import { z } from 'zod';
import { envelope, pageOf, pageQuery } from '../envelope.ts';
import type { EndpointSchema } from '../endpoint-schemas.ts';
import { identifier, text } from '../text.ts';
import { auditEntry } from './auth.schemas.ts';
import { epochMs, flag, idBody, idField, idQuery, sortField } from './common.ts';
import { CANNED_BODY_MAX, CANNED_TITLE_MAX, type supportEndpoints } from './support.endpoints.ts';

// The console's support (issue 15, decision 040). The inbox lists unanswered tickets first
// (open, then answered, then closed; the longest waiting first); an operator's reply is one
// message, notifies the buyer through the outbox and is applied once per request_key.

const tags = ['admin'];
const status = z.enum(TICKET_STATUSES).describe('open: waiting for us; answered: waiting for the buyer');

export const ticketListQuery = pageQuery.extend({
  status: status.optional(),
  keyword: text({ max: 64 })
    .optional()
    .describe("Part of the subject or the buyer's email, or the ticket id"),
  buyer_id: idField.optional(),
  oid: identifier({ max: 32 }).optional().describe('The order number the ticket is about'),
});

const buyer = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  phone: z.string().nullable().describe('Masked: 138****8000'),
  nickname: z.string(),
});

export const adminTicketRow = z
  .object({
    id: z.number().int(),
    subject: z.string(),
    status,
    buyer,
    oid: z.string().nullable(),
    message_count: z.number().int(),
    last_message_at: epochMs,
    last_author: z.enum(['buyer', 'operator']),
    last_message: z.string().describe('The first 80 characters of the latest message'),
    waiting_since: epochMs
      .nullable()
      .describe("An open ticket: the buyer's first message we have not answered; else null"),
    created_at: epochMs,
    updated_at: epochMs,
  })
  .meta({ id: 'AdminTicketRow' });
export type AdminTicketRow = z.infer<typeof adminTicketRow>;

export const adminTicketMessage = z.object({
  id: z.number().int(),
  author: z.enum(['buyer', 'operator']),
  operator: z
    .string()
    .nullable()
    .describe("Who answered (an operator's email or cli:support); null for a buyer or an unrecorded answer"),
  body: z.string(),
  created_at: epochMs,
});

export const adminTicket = z
  .object({
    id: z.number().int(),
    subject: z.string(),
    status,
    buyer,
    order: z
      .object({
        oid: z.string(),
        status: z.enum(ORDER_STATUSES),
        currency: z.enum(['CNY', 'USD']),
        total: z.string().describe("In the order's currency, decimal string"),
        created_at: epochMs,
      })
      .nullable(),
    messages: z.array(adminTicketMessage),
    audit: z.array(auditEntry).describe('The latest 20 changes of this ticket, newest first'),
    created_at: epochMs,
    updated_at: epochMs,
  })
  .meta({ id: 'AdminTicket' });
export type AdminTicket = z.infer<typeof adminTicket>;

export const ticketReplyBody = z.object({
  id: idField,
  body: text({ min: 1, max: TICKET_MESSAGE_MAX, multiline: true }),
  close: flag.default(0).describe('1: close the ticket with this answer'),
  request_key: identifier({
    min: IDEMPOTENCY_KEY.min,
    max: IDEMPOTENCY_KEY.max,
    pattern: IDEMPOTENCY_KEY.characters,
  }).describe('One per reply the operator writes: a repeat (a double click) posts nothing more'),
});

export const ticketChange = z.object({
  applied: z.boolean().describe('false: nothing changed now (a repeated request_key, or already closed)'),
  ticket: adminTicket,
});

export const cannedReply = z
  .object({
    id: z.number().int(),
    title: z.string(),
    body: z.string(),
    sort: z.number().int(),
    created_at: epochMs,
    updated_at: epochMs,
  })
  .meta({ id: 'AdminCannedReply' });
export type CannedReply = z.infer<typeof cannedReply>;

const cannedFields = z.object({
  title: text({ min: 1, max: CANNED_TITLE_MAX }),
  body: text({ min: 1, max: CANNED_BODY_MAX, multiline: true }),
  sort: sortField,
});
export const cannedCreateBody = cannedFields.extend({ sort: sortField.default(0) }).strict();
export const cannedUpdateBody = idBody.extend(cannedFields.partial().shape).strict();

export const supportSchemas = {
  ticketList: {
    tags,
    summary:
      'Support tickets, unanswered first: open (longest waiting first), then answered, then closed (latest first)',
    query: ticketListQuery,
    response: envelope(pageOf(adminTicketRow)),
  },
  ticketDetail: {
    tags,
    summary: 'One ticket: its messages (who answered), the buyer, the order it is about and its changes',
    query: idQuery,
    response: envelope(adminTicket),
  },
  ticketReply: {
    tags,
    summary:
      'Answer a ticket (it becomes answered, or closed with close: 1); the buyer is notified through the outbox. Once per request_key; a closed ticket: 400. Audited',
    body: ticketReplyBody,
    response: envelope(ticketChange),
  },
  ticketClose: {
    tags,
    summary: 'Close a ticket (already closed: nothing changes). Audited',
    body: idBody,
    response: envelope(ticketChange),
  },
  cannedList: {
    tags,
    summary: 'Canned replies, in their order (sort, then id)',
    response: envelope(z.array(cannedReply)),
  },
  cannedCreate: {
    tags,
    summary: 'Add a canned reply',
    body: cannedCreateBody,
    response: envelope(cannedReply),
  },
  cannedUpdate: {
    tags,
    summary: 'Change a canned reply (fields sent only)',
    body: cannedUpdateBody,
    response: envelope(cannedReply),
  },
  cannedDelete: { tags, summary: 'Remove a canned reply', body: idBody, response: envelope(z.null()) },
} satisfies Record<keyof typeof supportEndpoints, EndpointSchema>;

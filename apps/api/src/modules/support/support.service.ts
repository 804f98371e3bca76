import type { Database, TicketStatus } from '../../db/database.ts';
import { recordAlert } from '../alerts/alert-events.ts';
import { type Actor, recordAudit } from '../audit/audit.service.ts';
import { noticeBuyer } from '../messaging/buyer-notice.ts';
import { bilingualMail } from '../messaging/mail-templates.service.ts';
import { AppError } from '../../plugins/errors.ts';
import { ownOrderId } from '../order/order.service.ts';
import {
  countTickets,
  findAnswerByKey,
  findTicket,
  insertMessage,
  insertTicket,
  listMessages,
  listTickets,
  lockTicket,
  setStatus,
} from './support.repository.ts';

// Support tickets (issue 7). A buyer opens a ticket (about one of their orders or in general) and
// writes to it; operators answer (in the console, or by command: answerTicket serves both). A buyer's message makes
// the ticket open, an operator's answered; either side may close it, and a closed ticket takes
// no more messages. Only the owner ever sees a ticket: a foreign id is "not found".

type User = { id: number };
const PREVIEW = 80;

const preview = (text: string) => (text.length > PREVIEW ? `${text.slice(0, PREVIEW - 1)}…` : text);

export async function createTicket(
  db: Database,
  user: User,
  input: { subject: string; body: string; oid?: string | undefined },
) {
  const orderId = input.oid ? await ownOrderId(db, user, input.oid) : null;
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    const { id } = await insertTicket(trx, {
      user_id: user.id,
      order_id: orderId,
      subject: input.subject,
      status: 'open',
      now,
    });
    await insertMessage(trx, { ticket_id: id, author: 'buyer', body: input.body, created_at: now });
    // Operators' alert (issue 32): a new ticket, in the transaction that opens it.
    await recordAlert(trx, 'ticket_new', String(id), { id: Number(id), subject: input.subject }, now);
    return { id: id };
  });
}

/** A buyer's message: the ticket becomes open again; a closed one takes no more. */
export async function replyTicket(db: Database, user: User, id: number, body: string) {
  await db.transaction().execute(async (trx) => {
    const now = Date.now();
    if (!(await setStatus(trx, id, 'open', now, { userId: user.id, fromClosed: false }))) {
      const ticket = await findTicket(trx, id, user.id);
      throw ticket ? new AppError(400, 'ticket_closed') : new AppError(404, 'ticket_not_found');
    }
    await insertMessage(trx, { ticket_id: id, author: 'buyer', body, created_at: now });
  });
}

export type Answer = {
  id: number;
  body: string;
  /** Close the ticket with this answer. */
  close?: boolean;
  /** The console's key of this reply: a repeat finds the first and posts nothing (a double click). */
  requestKey?: string;
};

/**
 * An operator's answer (the console's reply and `npm run support -- answer`): one message by
 * 'operator', the ticket answered (or closed), the buyer told through the outbox and the answer
 * audited, in one transaction. The ticket's row is locked first, so a repeat of the same
 * request_key waits for the first and then finds its message instead of posting twice (the unique
 * (ticket_id, request_key) index is the last guard).
 */
export async function answerTicket(
  db: Database,
  actor: Actor,
  answer: Answer,
): Promise<{ applied: boolean; messageId: number }> {
  return db.transaction().execute(async (trx) => {
    await lockTicket(trx, answer.id);
    const ticket = await findTicket(trx, answer.id, undefined);
    if (!ticket) throw new AppError(404, 'ticket_not_found');
    if (answer.requestKey) {
      const first = await findAnswerByKey(trx, answer.id, answer.requestKey);
      if (first) {
        if (first.body !== answer.body) throw new AppError(409, 'ticket_reply_key_reused');
        return { applied: false, messageId: Number(first.id) };
      }
    }
    const now = Date.now();
    const status: TicketStatus = answer.close ? 'closed' : 'answered';
    if (!(await setStatus(trx, answer.id, status, now, { fromClosed: false })))
      throw new AppError(400, 'ticket_reply_closed');
    const messageId = await insertMessage(trx, {
      ticket_id: answer.id,
      author: 'operator',
      body: answer.body,
      created_at: now,
      answered_by: actor.name,
      request_key: answer.requestKey ?? null,
    });
    const part = (lang: 'zh-CN' | 'en') => ({
      ticket_id: ticket.id,
      ticket_subject: ticket.subject,
      reply: answer.body,
      link: '/user/support',
      closed_note: status === 'closed' ? (lang === 'en' ? 'The ticket is closed.' : '工单已关闭。') : '',
    });
    // The operator's templates (issue 32), else the built-in text.
    const mail = await bilingualMail(trx, 'ticket_reply', { 'zh-CN': part('zh-CN'), en: part('en') });
    await noticeBuyer(trx, ticket.user_id, {
      subject: mail?.subject ?? `工单 #${ticket.id} 有新回复 / New reply to your ticket #${ticket.id}`,
      body:
        mail?.body ??
        `「${ticket.subject}」\n\n${answer.body}\n\n` +
          `查看或回复 / Read or reply: /user/support` +
          (status === 'closed' ? '\n工单已关闭 / The ticket is closed.' : ''),
      now,
    });
    await recordAudit(trx, actor, {
      action: 'ticket.reply',
      objectType: 'ticket',
      objectId: answer.id,
      before: { status: ticket.status },
      after: {
        status,
        message_id: messageId,
        body: answer.body,
        ...(answer.requestKey ? { request_key: answer.requestKey } : {}),
      },
    });
    return { applied: true, messageId };
  });
}

/** A buyer closes their own ticket (closing twice is no error). */
export async function closeTicket(db: Database, user: User, id: number) {
  const closed = await setStatus(db, id, 'closed', Date.now(), { userId: user.id, fromClosed: true });
  if (!closed) throw new AppError(404, 'ticket_not_found');
}

/** An operator closes a ticket, audited; an already closed one changes nothing (applied: false). */
export async function closeTicketAsOperator(db: Database, actor: Actor, id: number) {
  return db.transaction().execute(async (trx) => {
    await lockTicket(trx, id);
    const ticket = await findTicket(trx, id, undefined);
    if (!ticket) throw new AppError(404, 'ticket_not_found');
    if (!(await setStatus(trx, id, 'closed', Date.now(), { fromClosed: false }))) return { applied: false };
    await recordAudit(trx, actor, {
      action: 'ticket.close',
      objectType: 'ticket',
      objectId: id,
      before: { status: ticket.status },
      after: { status: 'closed' },
    });
    return { applied: true };
  });
}

/** What a ticket shows in the list and on its page: its subject, state and order. */
const ticketHead = (t: NonNullable<Awaited<ReturnType<typeof findTicket>>>) => ({
  id: t.id,
  subject: t.subject,
  status: t.status,
  oid: t.oid ?? null,
  created_at: t.created_at,
  updated_at: t.updated_at,
});

export async function ticketDetail(db: Database, user: User | undefined, id: number) {
  const ticket = await findTicket(db, id, user?.id);
  if (!ticket) throw new AppError(404, 'ticket_not_found');
  const messages = await listMessages(db, [id]);
  return {
    ...ticketHead(ticket),
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author,
      body: m.body,
      created_at: m.created_at,
    })),
  };
}

export async function ticketList(
  db: Database,
  user: User | undefined,
  query: { page: number; limit: number; status?: TicketStatus | undefined },
) {
  const filter = { ...(user ? { userId: user.id } : {}), status: query.status };
  const [total, tickets] = await Promise.all([
    countTickets(db, filter),
    listTickets(db, filter, (query.page - 1) * query.limit, query.limit),
  ]);
  const messages = await listMessages(
    db,
    tickets.map((t) => t.id),
  );
  const last = new Map<number, (typeof messages)[number]>();
  for (const m of messages) last.set(m.ticket_id, m);
  return {
    list: tickets.map((t) => {
      const m = last.get(t.id);
      return {
        ...ticketHead(t),
        last_message: preview(m?.body ?? ''),
        last_author: m?.author ?? ('buyer' as const),
      };
    }),
    total,
    page: query.page,
    limit: query.limit,
  };
}

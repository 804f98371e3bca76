import type { Database, TicketStatus } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import { ownOrderId } from '../order/order.service.ts';
import {
  countTickets,
  findTicket,
  insertMessage,
  insertTicket,
  listMessages,
  listTickets,
  setStatus,
} from './support.repository.ts';

// Support tickets (issue 7). A buyer opens a ticket (about one of their orders or in general) and
// writes to it; operators answer (by command until the console exists). A buyer's message makes
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
    return { id: id };
  });
}

async function write(db: Database, id: number, author: 'buyer' | 'operator', body: string, userId?: number) {
  await db.transaction().execute(async (trx) => {
    const now = Date.now();
    const status: TicketStatus = author === 'buyer' ? 'open' : 'answered';
    if (
      !(await setStatus(trx, id, status, now, {
        ...(userId !== undefined ? { userId } : {}),
        fromClosed: false,
      }))
    ) {
      const ticket = await findTicket(trx, id, userId);
      throw ticket ? new AppError(400, 'ticket_closed') : new AppError(404, 'ticket_not_found');
    }
    await insertMessage(trx, { ticket_id: id, author, body, created_at: now });
  });
}

export const replyTicket = (db: Database, user: User, id: number, body: string) =>
  write(db, id, 'buyer', body, user.id);
export const answerTicket = (db: Database, id: number, body: string) => write(db, id, 'operator', body);

export async function closeTicket(db: Database, user: User | undefined, id: number) {
  const closed = await setStatus(db, id, 'closed', Date.now(), {
    ...(user ? { userId: user.id } : {}),
    fromClosed: true,
  });
  if (!closed) throw new AppError(404, 'ticket_not_found');
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

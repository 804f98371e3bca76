import { sql } from 'kysely';
import type { Executor, TicketStatus } from '../../db/database.ts';
import { engineOf } from '../../db/dialect.ts';
import { transition } from '../../db/transition.ts';

/** The statuses a ticket is still open to replies in. */
const OPEN_TICKET_STATUSES: readonly TicketStatus[] = ['open', 'answered'];

export function insertTicket(
  db: Executor,
  ticket: { user_id: number; order_id: number | null; subject: string; status: TicketStatus; now: number },
) {
  const { now, ...rest } = ticket;
  return db
    .insertInto('support_tickets')
    .values({ ...rest, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function insertMessage(
  db: Executor,
  message: {
    ticket_id: number;
    author: 'buyer' | 'operator';
    body: string;
    created_at: number;
    answered_by?: string;
    request_key?: string | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('support_messages')
    .values(message)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Holds the ticket's row until the caller's transaction ends, so two answers to one ticket run one
 * after the other (a repeated request then finds the first). SQLite runs one write at a time.
 */
export async function lockTicket(db: Executor, id: number): Promise<void> {
  if (engineOf(db) === 'postgres')
    await sql`select id from support_tickets where id = ${id} for update`.execute(db);
}

/** Tickets as `t` with the number of the order each is about. */
function ticketsWithOrder(db: Executor) {
  return db
    .selectFrom('support_tickets as t')
    .leftJoin('orders as o', 'o.id', 't.order_id')
    .select(['t.id', 't.user_id', 't.subject', 't.status', 't.created_at', 't.updated_at', 'o.oid']);
}

/** A ticket with its order number; `userId` limits it to its owner (operators pass undefined). */
export function findTicket(db: Executor, id: number, userId: number | undefined) {
  let query = ticketsWithOrder(db).where('t.id', '=', id);
  if (userId !== undefined) query = query.where('t.user_id', '=', userId);
  return query.executeTakeFirst();
}

export function listMessages(db: Executor, ticketIds: number[]) {
  return db
    .selectFrom('support_messages')
    .selectAll()
    .where('ticket_id', 'in', ticketIds.length ? ticketIds : [-1])
    .orderBy('id')
    .execute();
}

/**
 * Moves a ticket to `status` through the declared machine (TICKET_MACHINE): from closed only where
 * the machine allows it (a buyer closing twice), else from open or answered; false when nothing
 * matched.
 */
export async function setStatus(
  db: Executor,
  id: number,
  status: TicketStatus,
  now: number,
  where: { userId?: number; fromClosed: boolean },
) {
  const { userId } = where;
  const moved = await transition(db, 'support_tickets', {
    where: { id: [id] },
    to: status,
    ...(where.fromClosed ? {} : { from: OPEN_TICKET_STATUSES }),
    set: { updated_at: now },
    ...(userId !== undefined ? { also: (eb) => eb('user_id', '=', userId) } : {}),
  });
  return moved === 1;
}

export function listTickets(
  db: Executor,
  filter: { userId?: number; status?: TicketStatus | undefined },
  offset: number,
  limit: number,
) {
  let query = ticketsWithOrder(db);
  if (filter.userId !== undefined) query = query.where('t.user_id', '=', filter.userId);
  if (filter.status) query = query.where('t.status', '=', filter.status);
  return query.orderBy('t.updated_at', 'desc').orderBy('t.id', 'desc').offset(offset).limit(limit).execute();
}

export async function countTickets(
  db: Executor,
  filter: { userId?: number; status?: TicketStatus | undefined },
) {
  let query = db.selectFrom('support_tickets').select((eb) => eb.fn.countAll<number>().as('n'));
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
  if (filter.status) query = query.where('status', '=', filter.status);
  return (await query.executeTakeFirstOrThrow()).n;
}

/** The answer a request key already posted to a ticket. */
export function findAnswerByKey(db: Executor, ticketId: number, requestKey: string) {
  return db
    .selectFrom('support_messages')
    .select(['id', 'body'])
    .where('ticket_id', '=', ticketId)
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
}

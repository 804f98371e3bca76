import { sql } from 'kysely';
import type { Executor, TicketStatus } from '../../db/database.ts';
import { containsText } from '../../db/like.ts';

// The console's reads of tickets (issue 15) and the canned replies' rows. A ticket's list row
// counts its messages and says since when the buyer has waited: for an open ticket, the first
// buyer message after our latest answer.

export type TicketFilter = {
  status?: TicketStatus | undefined;
  keyword?: string | undefined;
  buyerId?: number | undefined;
  oid?: string | undefined;
};

/** An open ticket's first unanswered buyer message time; null otherwise. */
const waitingSince = sql<number | string | null>`case when t.status = 'open' then (
    select min(m.created_at) from support_messages m
    where m.ticket_id = t.id and m.author = 'buyer' and m.id > coalesce(
      (select max(o.id) from support_messages o where o.ticket_id = t.id and o.author = 'operator'), 0)
  ) end`;

function filtered(db: Executor, f: TicketFilter) {
  let q = db
    .selectFrom('support_tickets as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('orders as o', 'o.id', 't.order_id');
  if (f.status) q = q.where('t.status', '=', f.status);
  if (f.buyerId !== undefined) q = q.where('t.user_id', '=', f.buyerId);
  if (f.oid) q = q.where('o.oid', '=', f.oid);
  if (f.keyword) {
    const k = f.keyword;
    const id = /^\d{1,9}$/.test(k) ? Number(k) : undefined;
    q = q.where((eb) =>
      eb.or([
        containsText('t.subject', k),
        containsText('u.email', k),
        ...(id !== undefined ? [eb('t.id', '=', id)] : []),
      ]),
    );
  }
  return q;
}

export async function countTickets(db: Executor, f: TicketFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** What a ticket row shows of the ticket, its buyer and the order it is about. */
const TICKET_COLUMNS = [
  't.id',
  't.subject',
  't.status',
  't.user_id',
  't.created_at',
  't.updated_at',
  'u.email',
  'u.phone',
  'u.nickname',
  'o.oid',
] as const;

/** Unanswered first: open (longest waiting first), answered, closed; then the latest change. */
export function listTickets(db: Executor, f: TicketFilter, offset: number, limit: number) {
  return filtered(db, f)
    .select((eb) => [
      ...TICKET_COLUMNS,
      eb
        .selectFrom('support_messages as m')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('m.ticket_id', '=', 't.id')
        .as('message_count'),
      eb
        .selectFrom('support_messages as m')
        .select((e) => e.fn.max('m.created_at').as('at'))
        .whereRef('m.ticket_id', '=', 't.id')
        .as('last_message_at'),
      waitingSince.as('waiting_since'),
    ])
    .orderBy(sql`case t.status when 'open' then 0 when 'answered' then 1 else 2 end`)
    .orderBy(sql`coalesce(${waitingSince}, 0)`)
    .orderBy('t.updated_at', 'desc')
    .orderBy('t.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** One ticket with its buyer and the order it is about. */
export function findTicketWithParties(db: Executor, id: number) {
  return db
    .selectFrom('support_tickets as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('orders as o', 'o.id', 't.order_id')
    .select([
      ...TICKET_COLUMNS,
      'o.status as order_status',
      'o.currency',
      'o.total_amount',
      'o.created_at as order_created_at',
    ])
    .where('t.id', '=', id)
    .executeTakeFirst();
}

/** The latest message of each ticket. */
export function lastMessages(db: Executor, ticketIds: number[]) {
  return db
    .selectFrom('support_messages as m')
    .select(['m.ticket_id', 'm.author', 'm.body'])
    .where('m.ticket_id', 'in', ticketIds.length ? ticketIds : [-1])
    .where((eb) =>
      eb(
        'm.id',
        '=',
        eb
          .selectFrom('support_messages as l')
          .select((e) => e.fn.max('l.id').as('id'))
          .whereRef('l.ticket_id', '=', 'm.ticket_id'),
      ),
    )
    .execute();
}

// ── canned replies ──────────────────────────────────────────────────────────────────────────────

export function listCanned(db: Executor) {
  return db.selectFrom('support_canned_replies').selectAll().orderBy('sort').orderBy('id').execute();
}

export function findCanned(db: Executor, id: number) {
  return db.selectFrom('support_canned_replies').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertCanned(
  db: Executor,
  values: { title: string; body: string; sort: number; created_at: number; updated_at: number },
): Promise<number> {
  const row = await db
    .insertInto('support_canned_replies')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateCanned(
  db: Executor,
  id: number,
  values: { title?: string; body?: string; sort?: number; updated_at: number },
) {
  await db.updateTable('support_canned_replies').set(values).where('id', '=', id).execute();
}

export async function deleteCanned(db: Executor, id: number) {
  await db.deleteFrom('support_canned_replies').where('id', '=', id).execute();
}

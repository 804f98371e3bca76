import type { AdminTicket, AdminTicketRow, CannedReply } from '@shop/contract/admin/support.schemas';
import { maskMobile } from '@shop/domain/address';
import { formatMinor } from '@shop/domain/money';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import { type Actor, listAudit, recordAudit } from '../audit/audit.service.ts';
import {
  countTickets,
  deleteCanned,
  findCanned,
  findTicketWithParties,
  insertCanned,
  lastMessages,
  listCanned,
  listTickets,
  type TicketFilter,
  updateCanned,
} from './support-admin.repository.ts';
import { listMessages } from './support.repository.ts';
import { answerTicket, closeTicketAsOperator } from './support.service.ts';

// The console's support inbox (issue 15, decision 040). Replies and closes go through the
// same service functions as `npm run support` (support.service.ts), so both notify the buyer and
// are audited the same way; which operator answered a message is stored with it.

const PREVIEW = 80;
const preview = (text: string) => (text.length > PREVIEW ? `${text.slice(0, PREVIEW - 1)}…` : text);
const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));
const buyerOf = (r: { user_id: number; email: string | null; phone: string | null; nickname: string }) => ({
  id: Number(r.user_id),
  email: r.email,
  phone: r.phone === null ? null : maskMobile(r.phone),
  nickname: r.nickname,
});

export async function adminTicketList(
  db: Database,
  q: { page: number; limit: number } & {
    status?: TicketFilter['status'];
    keyword?: string;
    buyer_id?: number;
    oid?: string;
  },
) {
  const filter: TicketFilter = { status: q.status, keyword: q.keyword, buyerId: q.buyer_id, oid: q.oid };
  const [total, rows] = await Promise.all([
    countTickets(db, filter),
    listTickets(db, filter, (q.page - 1) * q.limit, q.limit),
  ]);
  const last = new Map(
    (
      await lastMessages(
        db,
        rows.map((r) => r.id),
      )
    ).map((m) => [Number(m.ticket_id), m]),
  );
  const list: AdminTicketRow[] = rows.map((r) => {
    const m = last.get(Number(r.id));
    return {
      id: Number(r.id),
      subject: r.subject,
      status: r.status,
      buyer: buyerOf(r),
      oid: r.oid ?? null,
      message_count: Number(r.message_count ?? 0),
      last_message_at: num(r.last_message_at) ?? Number(r.created_at),
      last_author: m?.author ?? 'buyer',
      last_message: preview(m?.body ?? ''),
      waiting_since: num(r.waiting_since),
      created_at: Number(r.created_at),
      updated_at: Number(r.updated_at),
    };
  });
  return { list, total, page: q.page, limit: q.limit };
}

export async function adminTicketDetail(db: Executor, id: number): Promise<AdminTicket> {
  const t = await findTicketWithParties(db, id);
  if (!t) throw new AppError(404, 'ticket_not_found');
  const [messages, audit] = await Promise.all([
    listMessages(db, [id]),
    listAudit(db, { objectType: 'ticket', objectId: String(id) }, { page: 1, limit: 100, order: 'desc' }),
  ]);
  return {
    id: Number(t.id),
    subject: t.subject,
    status: t.status,
    buyer: buyerOf(t),
    order:
      t.oid && t.order_status && t.currency
        ? {
            oid: t.oid,
            status: t.order_status,
            currency: t.currency,
            total: formatMinor(Number(t.total_amount), t.currency),
            created_at: Number(t.order_created_at),
          }
        : null,
    messages: messages.map((m) => ({
      id: Number(m.id),
      author: m.author,
      operator: m.author === 'operator' ? m.answered_by || null : null,
      body: m.body,
      created_at: Number(m.created_at),
    })),
    audit: audit.list.slice(0, 20),
    created_at: Number(t.created_at),
    updated_at: Number(t.updated_at),
  };
}

export async function adminTicketReply(
  db: Database,
  actor: Actor,
  input: { id: number; body: string; close: 0 | 1; request_key: string },
) {
  const { applied } = await answerTicket(db, actor, {
    id: input.id,
    body: input.body,
    close: input.close === 1,
    requestKey: input.request_key,
  });
  return { applied, ticket: await adminTicketDetail(db, input.id) };
}

export async function adminTicketClose(db: Database, actor: Actor, id: number) {
  const { applied } = await closeTicketAsOperator(db, actor, id);
  return { applied, ticket: await adminTicketDetail(db, id) };
}

// ── canned replies ──────────────────────────────────────────────────────────────────────────────

type CannedRow = NonNullable<Awaited<ReturnType<typeof findCanned>>>;
const toCanned = (r: CannedRow): CannedReply => ({
  id: Number(r.id),
  title: r.title,
  body: r.body,
  sort: Number(r.sort),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});
const shownOf = ({ title, body, sort }: CannedReply) => ({ title, body, sort });

async function loadCanned(db: Executor, id: number): Promise<CannedReply> {
  const row = await findCanned(db, id);
  if (!row) throw new AppError(404, 'canned_reply_not_found');
  return toCanned(row);
}

export async function cannedReplies(db: Database): Promise<CannedReply[]> {
  return (await listCanned(db)).map(toCanned);
}

export async function createCannedReply(
  db: Database,
  actor: Actor,
  values: { title: string; body: string; sort: number },
): Promise<CannedReply> {
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    const id = await insertCanned(trx, { ...values, created_at: now, updated_at: now });
    const created = await loadCanned(trx, id);
    await recordAudit(trx, actor, {
      action: 'canned_reply.create',
      objectType: 'canned_reply',
      objectId: id,
      after: shownOf(created),
    });
    return created;
  });
}

/** Changes the fields sent; audits the ones that changed (nothing changed: nothing written). */
export async function updateCannedReply(
  db: Database,
  actor: Actor,
  id: number,
  patch: { title?: string | undefined; body?: string | undefined; sort?: number | undefined },
): Promise<CannedReply> {
  return db.transaction().execute(async (trx) => {
    const before = await loadCanned(trx, id);
    const was = shownOf(before) as Record<string, unknown>;
    const changes = Object.fromEntries(
      Object.entries(patch).filter(([k, v]) => v !== undefined && was[k] !== v),
    ) as { title?: string; body?: string; sort?: number };
    const keys = Object.keys(changes);
    if (keys.length === 0) return before;
    await updateCanned(trx, id, { ...changes, updated_at: Date.now() });
    const after = await loadCanned(trx, id);
    await recordAudit(trx, actor, {
      action: 'canned_reply.update',
      objectType: 'canned_reply',
      objectId: id,
      before: Object.fromEntries(keys.map((k) => [k, was[k]])),
      after: Object.fromEntries(keys.map((k) => [k, (shownOf(after) as Record<string, unknown>)[k]])),
    });
    return after;
  });
}

export async function deleteCannedReply(db: Database, actor: Actor, id: number): Promise<null> {
  return db.transaction().execute(async (trx) => {
    const before = await loadCanned(trx, id);
    await deleteCanned(trx, id);
    await recordAudit(trx, actor, {
      action: 'canned_reply.delete',
      objectType: 'canned_reply',
      objectId: id,
      before: shownOf(before),
    });
    return null;
  });
}

import type { AuditEntry } from '@shop/contract/admin/auth.schemas';
import type { AuditObjectType } from '@shop/domain/admin';
import type { Executor } from '../../db/database.ts';
import { type AuditFilter, countAuditRows, insertAudit, listAuditRows } from './audit.repository.ts';

// The audit log (issue 14): every change an operator makes is written in the same transaction as
// the change itself, so a change without its entry (or an entry without its change) cannot exist.
// The table refuses UPDATE and DELETE (migration 0020). Secrets never go in: callers pass the
// object as the console shows it (card keys masked, no password hashes).

/** Who made a change: an operator through the console, or a command run on the server. */
export type Actor = {
  operatorId: number | null;
  /** The operator's email, or `cli:<command>`. */
  name: string;
  requestId: string;
  ip: string;
};

/** The actor of an operator command (`npm run import-keys`, `deliver`, `support`, `admin`). */
export function commandActor(command: string): Actor {
  return { operatorId: null, name: `cli:${command}`, requestId: '', ip: '' };
}

export type AuditChange = {
  /** `<object type>.<verb>`, e.g. `goods.update`. */
  action: string;
  objectType: AuditObjectType;
  objectId: string | number;
  before?: unknown;
  after?: unknown;
};

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** Writes one entry; call it with the transaction that makes the change. */
export async function recordAudit(trx: Executor, actor: Actor, change: AuditChange): Promise<void> {
  await insertAudit(trx, {
    operator_id: actor.operatorId,
    actor: actor.name,
    action: change.action,
    object_type: change.objectType,
    object_id: String(change.objectId),
    before_json: json(change.before),
    after_json: json(change.after),
    request_id: actor.requestId,
    ip: actor.ip,
    created_at: Date.now(),
  });
}

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

export async function listAudit(
  db: Executor,
  filter: AuditFilter,
  page: { page: number; limit: number; order: 'asc' | 'desc' },
): Promise<{ list: AuditEntry[]; total: number; page: number; limit: number }> {
  const [rows, total] = await Promise.all([
    listAuditRows(db, filter, page.order, page.limit, (page.page - 1) * page.limit),
    countAuditRows(db, filter),
  ]);
  const list = rows.map((r) => ({
    id: r.id,
    operator_id: r.operator_id,
    actor: r.actor,
    action: r.action,
    object_type: r.object_type,
    object_id: r.object_id,
    before: parse(r.before_json),
    after: parse(r.after_json),
    request_id: r.request_id,
    ip: r.ip,
    created_at: r.created_at,
  }));
  return { list, total, page: page.page, limit: page.limit };
}

import type { AuditLogTable, Executor } from '../../db/database.ts';
import type { Insertable } from 'kysely';
import { containsText } from '../../db/like.ts';

export function insertAudit(db: Executor, row: Insertable<AuditLogTable>) {
  return db.insertInto('audit_log').values(row).execute();
}

export type AuditFilter = {
  operatorId?: number | undefined;
  action?: string | undefined;
  objectType?: string | undefined;
  objectId?: string | undefined;
  keyword?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  /** A staff member's reach (audit-areas.ts): these actions, or entries about their own account. */
  scope?: { actions: string[]; operatorId: string } | null | undefined;
};

function filtered(db: Executor, f: AuditFilter) {
  let q = db.selectFrom('audit_log');
  const scope = f.scope;
  if (scope)
    q = q.where((eb) => {
      const own = eb.and([eb('object_type', '=', 'operator'), eb('object_id', '=', scope.operatorId)]);
      return scope.actions.length > 0 ? eb.or([eb('action', 'in', scope.actions), own]) : own;
    });
  if (f.operatorId !== undefined) q = q.where('operator_id', '=', f.operatorId);
  if (f.action) q = q.where('action', '=', f.action);
  if (f.objectType) q = q.where('object_type', '=', f.objectType);
  if (f.objectId) q = q.where('object_id', '=', f.objectId);
  if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('created_at', '<', f.to);
  if (f.keyword) {
    const k = f.keyword;
    const columns = ['actor', 'action', 'object_id', 'before_json', 'after_json'];
    q = q.where((eb) => eb.or(columns.map((c) => containsText(c, k))));
  }
  return q;
}

export function listAuditRows(
  db: Executor,
  f: AuditFilter,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  return filtered(db, f).selectAll().orderBy('id', order).limit(limit).offset(offset).execute();
}

export async function countAuditRows(db: Executor, f: AuditFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

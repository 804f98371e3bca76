import type { AuditEntry } from './types';
import { useAdminT } from './use-admin-t';

/** A value as one short line (objects as JSON). */
function shown(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value);
}

/** The fields an entry changed: every key whose value differs between before and after. */
export function changedFields(entry: Pick<AuditEntry, 'before' | 'after'>) {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  if (typeof before !== 'object' || typeof after !== 'object') return [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => ({ field: k, before: shown(before[k]), after: shown(after[k]) }));
}

/** Before → after of one audit entry, field by field (a creation or removal: its fields). */
export function AuditDiff({ entry }: { entry: AuditEntry }) {
  const { t } = useAdminT();
  const rows = changedFields(entry);
  const created = entry.before === null && entry.after !== null;
  const removed = entry.after === null && entry.before !== null;
  if (rows.length === 0) {
    if (!created && !removed) return null;
    return (
      <span className="text-stone-500">
        {created ? t('common.audit.created') : t('common.audit.removed')}
      </span>
    );
  }
  return (
    <div className="text-xs">
      {created || removed ? (
        <p className={`mb-0.5 font-medium ${created ? 'text-emerald-800' : 'text-red-700'}`}>
          {created ? t('common.audit.created') : t('common.audit.removed')}
        </p>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        {rows.slice(0, 12).map((r) => (
          <div key={r.field} className="contents">
            <dt className="font-mono text-stone-500">{r.field}</dt>
            <dd className="min-w-0 break-all">
              {created ? (
                <span className="text-stone-800">{r.after}</span>
              ) : removed ? (
                <span className="text-red-700 line-through decoration-red-300">{r.before}</span>
              ) : (
                <>
                  <span className="text-red-700 line-through decoration-red-300">{r.before}</span>
                  <span aria-hidden="true" className="mx-1 text-stone-400">
                    →
                  </span>
                  <span className="sr-only">{t('common.audit.after')}</span>
                  <span className="text-emerald-800">{r.after}</span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {rows.length > 12 ? <p className="text-stone-500">… +{rows.length - 12}</p> : null}
    </div>
  );
}

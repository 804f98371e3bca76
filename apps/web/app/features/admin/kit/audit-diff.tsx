import { type Labels, useLabels } from './labels';
import type { AuditEntry } from './types';
import { useAdminT } from './use-admin-t';

/** The fields an entry changed: every key whose value differs between before and after. */
export function changedFields(entry: Pick<AuditEntry, 'before' | 'after'>) {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  if (typeof before !== 'object' || typeof after !== 'object') return [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => ({ field: k, before: before[k], after: after[k] }));
}

const LONG = 160;

/** One audited value in words; a list of objects (a goods' options) as "field: value" lines. */
function inWords(labels: Labels, action: string, field: string, value: unknown, separator: string): string {
  if (Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null)) {
    return value
      .map((item) =>
        Object.entries(item as Record<string, unknown>)
          .filter(([k]) => k !== 'id')
          .map(([k, v]) => `${labels.field(k)}: ${labels.auditValue(action, k, v)}`)
          .join(' · '),
      )
      .join(separator);
  }
  const text = labels.auditValue(action, field, value);
  // A group of fields (a batch's terms) is shown whole: cut, it would end inside a value.
  if (typeof value === 'object' && value !== null) return text;
  return text.length > LONG ? `${text.slice(0, LONG)}…` : text;
}

/**
 * Before → after of one audit entry in words, field by field (a creation or removal: its
 * fields): each field's label, then the old value struck through, "changed to", the new one. The
 * lines wrap inside the column; nothing is wider than it (decision 062).
 */
export function AuditDiff({ entry }: { entry: AuditEntry }) {
  const { t, locale } = useAdminT();
  const labels = useLabels();
  const rows = changedFields(entry);
  const created = entry.before === null && entry.after !== null;
  const removed = entry.after === null && entry.before !== null;
  const separator = locale === 'en' ? '; ' : '；';
  const words = (field: string, value: unknown) => inWords(labels, entry.action, field, value, separator);
  if (rows.length === 0) {
    if (!created && !removed) return null;
    return (
      <span className="text-stone-600">
        {created ? t('common.audit.created') : t('common.audit.removed')}
      </span>
    );
  }
  return (
    <div className="min-w-0 text-xs" data-testid="audit-diff">
      {created || removed ? (
        <p className={`mb-0.5 font-medium ${created ? 'text-emerald-800' : 'text-red-700'}`}>
          {created ? t('common.audit.created') : t('common.audit.removed')}
        </p>
      ) : null}
      <dl className="space-y-1">
        {rows.slice(0, 12).map((r) => (
          <div key={r.field} className="min-w-0 [overflow-wrap:anywhere]">
            <dt className="inline font-medium text-stone-700">
              {labels.field(r.field)}
              {locale === 'en' ? ': ' : '：'}
            </dt>
            <dd className="inline">
              {created || r.before === undefined ? (
                <span className="text-stone-900">{words(r.field, r.after)}</span>
              ) : removed || r.after === undefined ? (
                <del className="text-red-800 decoration-red-300">{words(r.field, r.before)}</del>
              ) : (
                <>
                  <del className="text-red-800 decoration-red-300">{words(r.field, r.before)}</del>
                  <span className="mx-1 text-stone-600">{t('labels.changedTo')}</span>
                  <ins className="text-emerald-800 no-underline">{words(r.field, r.after)}</ins>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {rows.length > 12 ? <p className="text-stone-600">… +{rows.length - 12}</p> : null}
    </div>
  );
}

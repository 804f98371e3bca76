import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { AuditObjectType } from '@shop/domain/admin';
import { useWriteCount } from './actions';
import { adminApi } from './admin-api';
import { Panel } from './admin-page';
import { AuditDiff } from './audit-diff';
import { useLabels } from './labels';
import { formatTime, viewerZone } from './time';
import type { AuditEntry } from './types';
import { useAdminT } from './use-admin-t';

/**
 * An object's change history (issue 14: the audit log "shown on each object's page"): its latest
 * entries, newest first, with a link to the whole log filtered to it. It reloads after each write
 * of the console (a route's clientAction) and when `version` moves.
 */
export function AuditTrail({
  objectType,
  objectId,
  version = 0,
}: {
  objectType: AuditObjectType;
  objectId?: string | number;
  version?: number;
}) {
  const { t, locale } = useAdminT();
  const labels = useLabels();
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const id = objectId === undefined ? undefined : String(objectId);
  const writes = useWriteCount();

  useEffect(() => {
    let live = true;
    adminApi
      .call(adminEndpoints.auditList, {
        object_type: objectType,
        ...(id ? { object_id: id } : {}),
        limit: 10,
      })
      .then((page) => live && setEntries(page.list))
      .catch(() => live && setEntries([]));
    return () => {
      live = false;
    };
  }, [objectType, id, version, writes]);

  const all = `/admin/audit?object_type=${objectType}${id ? `&object_id=${encodeURIComponent(id)}` : ''}`;
  return (
    <Panel
      title={t('common.audit.trail')}
      actions={
        <Link to={all} className="text-sm text-brand-700 hover:underline">
          {t('common.audit.showAll')}
        </Link>
      }
    >
      {entries === null ? (
        <p className="text-sm text-stone-500">{t('common.loading')}</p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-stone-500">{t('common.audit.none')}</p>
      ) : (
        <ol className="space-y-3" data-testid="audit-trail">
          {entries.map((e) => (
            <li key={e.id} className="border-l-2 border-stone-200 pl-3">
              <p className="text-xs text-stone-500">
                <time dateTime={new Date(e.created_at).toISOString()} title={viewerZone()}>
                  {formatTime(e.created_at, locale)}
                </time>{' '}
                · {labels.actor(e.actor)} ·{' '}
                <span className="font-medium text-stone-700">{labels.action(e.action)}</span>
              </p>
              <div className="mt-1">
                <AuditDiff entry={e} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

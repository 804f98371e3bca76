import { Link } from 'react-router';
import { PlainTable, Time } from './parts';
import { useAdminT } from '../kit/use-admin-t';

import { type Detail } from './buyer-detail-types';

/** A buyer's latest tickets. */
export function TicketsTab({ detail }: { detail: Detail }) {
  const { t } = useAdminT();
  const b = detail.buyer;
  return (
    <div className="space-y-3">
      {detail.tickets.length ? (
        <p className="text-sm text-stone-600">
          {t('buyers.tickets.intro', { shown: detail.tickets.length, count: b.ticket_count })}
        </p>
      ) : null}
      <PlainTable
        rows={detail.tickets}
        rowKey={(s) => s.id}
        empty={t('buyers.tickets.empty')}
        caption={t('buyers.tabs.tickets')}
        testId="buyer-tickets"
        columns={[
          {
            key: 'subject',
            header: t('buyers.tickets.col.subject'),
            cell: (s) => (
              <Link
                to={`/admin/support/${s.id}`}
                className="block max-w-72 truncate text-brand-700 hover:underline"
              >
                #{s.id} {s.subject}
              </Link>
            ),
          },
          {
            key: 'status',
            header: t('buyers.tickets.col.status'),
            cell: (s) => <span className="whitespace-nowrap">{t(`buyers.tickets.status.${s.status}`)}</span>,
          },
          {
            key: 'order',
            header: t('buyers.tickets.col.order'),
            cell: (s) =>
              s.oid ? (
                <Link
                  to={`/admin/orders/${s.oid}`}
                  className="font-mono text-xs text-brand-700 hover:underline"
                >
                  {s.oid}
                </Link>
              ) : (
                <span className="text-stone-500">{t('buyers.tickets.general')}</span>
              ),
          },
          {
            key: 'updated',
            header: t('buyers.tickets.col.updated'),
            cell: (s) => <Time ms={s.updated_at} narrow />,
          },
        ]}
      />
    </div>
  );
}

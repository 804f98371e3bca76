import { type ReactNode } from 'react';
import { Panel } from '../kit/admin-page';
import { BuyerStatusBadge, Time } from './parts';
import { type AdminT } from '../kit/use-admin-t';

import { type Detail } from './buyer-detail-types';
import { money } from '../kit/cells';

/** A buyer's profile: contact, status, balance, sign-ins and counts. */
export function Profile({ detail, t }: { detail: Detail; t: AdminT }) {
  const b = detail.buyer;
  const item = (label: string, value: ReactNode) => (
    <div className="min-w-0">
      <dt className="text-xs text-stone-500">{label}</dt>
      <dd className="mt-0.5 truncate text-sm text-stone-900">{value}</dd>
    </div>
  );
  return (
    <Panel title={t('buyers.profile.title')}>
      {b.status === 'disabled' ? (
        <p
          role="status"
          className="mb-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          data-testid="buyer-disabled-note"
        >
          {t('buyers.profile.disabledNote')}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 md:grid-cols-4">
        {item(
          t('buyers.profile.balance'),
          <span className="text-lg font-semibold tabular-nums" data-testid="buyer-balance">
            {money(b.balance)}
          </span>,
        )}
        {item(t('buyers.profile.status'), <BuyerStatusBadge status={b.status} />)}
        {item(t('buyers.profile.email'), b.email ?? t('buyers.profile.none'))}
        {item(
          t('buyers.profile.phone'),
          <span className="font-mono">{b.phone ?? t('buyers.profile.none')}</span>,
        )}
        {item(t('buyers.profile.orders'), b.order_count)}
        {item(t('buyers.profile.sessions'), b.live_tokens)}
        {item(t('buyers.profile.created'), <Time ms={b.created_at} />)}
        {item(t('buyers.profile.updated'), <Time ms={b.updated_at} />)}
      </dl>
    </Panel>
  );
}

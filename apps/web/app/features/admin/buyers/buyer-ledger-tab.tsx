import { Link } from 'react-router';
import { LEDGER_TYPES } from '@shop/domain/wallet';
import { Time } from './parts';
import { type Column, DataTable } from '../kit/data-table';
import { type AdminT } from '../kit/use-admin-t';
import { useListParams } from '../kit/use-list-params';

import { type Ledger, type LedgerRow } from './buyer-detail-types';
import { money } from '../kit/cells';

/** A buyer's wallet ledger, filtered by type and paged. */
export function LedgerTab({ ledger, t }: { ledger: Ledger; t: AdminT }) {
  const list = useListParams();
  const columns: Column<LedgerRow>[] = [
    { key: 'time', header: t('buyers.ledger.col.time'), cell: (e) => <Time ms={e.created_at} narrow /> },
    {
      key: 'type',
      header: t('buyers.ledger.col.type'),
      cell: (e) => <span className="whitespace-nowrap">{t(`buyers.ledger.types.${e.type}`)}</span>,
    },
    {
      key: 'amount',
      header: t('buyers.ledger.col.amount'),
      align: 'right',
      cell: (e) => (
        <span
          className={`whitespace-nowrap ${e.amount.startsWith('-') ? 'text-red-700' : 'text-emerald-700'}`}
        >
          {e.amount.startsWith('-') ? '' : '+'}
          {money(e.amount)}
        </span>
      ),
    },
    {
      key: 'after',
      header: t('buyers.ledger.col.after'),
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (e) => <span className="whitespace-nowrap">{money(e.balance_after)}</span>,
    },
    {
      key: 'ref',
      header: t('buyers.ledger.col.ref'),
      className: 'whitespace-nowrap',
      cell: (e) =>
        e.type === 'order_payment' || e.type === 'refund' ? (
          <Link to={`/admin/orders/${e.ref}`} className="font-mono text-xs text-brand-700 hover:underline">
            {e.ref}
          </Link>
        ) : (
          <span className="font-mono text-xs">{e.ref || t('buyers.profile.none')}</span>
        ),
    },
    {
      key: 'memo',
      header: t('buyers.ledger.col.memo'),
      cell: (e) => (
        <span className="block max-w-64 text-sm break-words">{e.memo || t('buyers.profile.none')}</span>
      ),
    },
  ];
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-stone-600">{t('buyers.ledger.intro')}</p>
        <select
          className="input h-9 w-auto min-w-32 py-1"
          aria-label={t('buyers.ledger.type')}
          value={list.get('type')}
          onChange={(e) => list.set({ type: e.target.value })}
        >
          <option value="">
            {t('buyers.ledger.type')}: {t('common.all')}
          </option>
          {LEDGER_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`buyers.ledger.types.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        columns={columns}
        rows={ledger.list}
        total={ledger.total}
        rowKey={(e) => e.id}
        empty={t('buyers.ledger.empty')}
        caption={t('buyers.tabs.ledger')}
        testId="buyer-ledger"
      />
    </div>
  );
}

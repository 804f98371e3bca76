import type { ReactNode } from 'react';
import type { BuyerStatus } from '@shop/contract/admin/buyers.endpoints';
import { StatusBadge, TimeCell } from '../kit/cells';
import { useAdminT } from '../kit/use-admin-t';

// Small pieces of the buyer pages (issue 15).

const STATUS_STYLE: Record<BuyerStatus, string> = {
  active: 'bg-emerald-50 text-emerald-800',
  disabled: 'bg-red-50 text-red-800',
};

export function BuyerStatusBadge({ status }: { status: BuyerStatus }) {
  const { t } = useAdminT();
  return (
    <StatusBadge
      label={t(`buyers.status.${status}`)}
      className={`rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${STATUS_STYLE[status]}`}
    />
  );
}

/** A time in the viewer's zone, the zone in its tooltip; `narrow`: the date over the time (tables). */
export function Time({ ms, narrow = false }: { ms: number; narrow?: boolean }) {
  return <TimeCell ms={ms} className={narrow ? 'block w-20 text-xs' : 'text-xs whitespace-nowrap'} />;
}

/**
 * A short, fixed list on the buyer page (the latest orders, tickets, reveals): the console table's
 * look without paging, which only the ledger needs (DataTable).
 */
export function PlainTable<Row>({
  columns,
  rows,
  rowKey,
  empty,
  caption,
  testId,
}: {
  columns: { key: string; header: string; cell: (row: Row) => ReactNode; align?: 'right' }[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  empty: string;
  caption: string;
  testId?: string;
}) {
  if (rows.length === 0) return <p className="py-6 text-center text-sm text-stone-500">{empty}</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200" data-testid={testId}>
      <table className="w-full min-w-[560px] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-stone-200 bg-stone-50 text-xs font-medium text-stone-600">
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={`px-3 py-2 whitespace-nowrap ${c.align === 'right' ? 'text-right' : ''}`}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td
                  key={c.key}
                  className={`px-3 py-2 align-middle ${c.align === 'right' ? 'text-right tabular-nums' : ''}`}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

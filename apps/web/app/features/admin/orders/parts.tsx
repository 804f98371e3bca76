import type { ReactNode } from 'react';
import type { OrderStatus } from '@shop/domain/order';
import { StatusBadge } from '../kit/cells';
import { useAdminT } from '../kit/use-admin-t';

// Small pieces the console's order pages share (issue 15).

const STATUS_STYLE: Record<OrderStatus, string> = {
  pending_payment: 'bg-amber-50 text-amber-800 ring-amber-200',
  paid: 'bg-sky-50 text-sky-800 ring-sky-200',
  delivering: 'bg-sky-50 text-sky-800 ring-sky-200',
  completed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  cancelled: 'bg-stone-100 text-stone-600 ring-stone-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  refunded: 'bg-violet-50 text-violet-800 ring-violet-200',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useAdminT();
  return (
    <StatusBadge
      label={t(`orders.status.${status}`)}
      status={status}
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${STATUS_STYLE[status]}`}
    />
  );
}

export { money, TimeCell as Time } from '../kit/cells';

/** Label / value rows of a detail panel. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-stone-500">{label}</dt>
          <dd className="min-w-0 break-words text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A plain table inside a panel (a few rows, no paging). */
export function SmallTable({
  head,
  rows,
  empty,
  testId,
}: {
  head: string[];
  rows: ReactNode[][];
  empty: string;
  testId?: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-stone-500">{empty}</p>;
  return (
    <div className="overflow-x-auto" data-testid={testId}>
      <table className="w-full min-w-[560px] text-left text-sm">
        <thead className="border-b border-stone-200 text-xs text-stone-500">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-2 py-1.5 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((c, j) => (
                <td key={j} className="px-2 py-1.5 align-top">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import type { TicketStatus } from '@shop/domain/support';
import { StatusBadge, TimeCell } from '../kit/cells';
import type { AdminT } from '../kit/use-admin-t';
import { useAdminT } from '../kit/use-admin-t';

// Small pieces of the support pages (issue 15): a ticket's status, a time, how long a buyer waits.

const STATUS_STYLE: Record<TicketStatus, string> = {
  open: 'bg-amber-100 text-amber-900',
  answered: 'bg-emerald-50 text-emerald-800',
  closed: 'bg-stone-100 text-stone-600',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useAdminT();
  return (
    <StatusBadge
      label={t(`support.status.${status}`)}
      status={status}
      className={`rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${STATUS_STYLE[status]}`}
    />
  );
}

/** A time in the viewer's zone, the zone in its tooltip. */
export function Time({ ms, className = 'text-xs' }: { ms: number; className?: string }) {
  return <TimeCell ms={ms} className={`whitespace-nowrap ${className}`} />;
}

/** How long since `since`: "3 d 4 h", "2 h 5 min", "12 min". */
export function waitedFor(t: AdminT, since: number, now: number): string {
  const minutes = Math.max(0, Math.floor((now - since) / 60_000));
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return t('support.wait.days', { d, h });
  if (h > 0) return t('support.wait.hours', { h, m });
  return t('support.wait.minutes', { m });
}

/** A long wait (over a day) shows in red, any other open ticket's in amber. */
export const waitTone = (since: number, now: number) =>
  now - since > 86_400_000 ? 'text-red-700' : 'text-amber-800';

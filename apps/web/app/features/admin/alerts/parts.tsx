import type { AlertDelivery } from '@shop/contract/admin/alerts.schemas';
import { StatusBadge } from '../kit/cells';
import { useAdminT } from '../kit/use-admin-t';

const BADGE = 'rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap';
const STATUS_STYLE: Record<AlertDelivery['status'], string> = {
  queued: 'bg-sky-50 text-sky-800',
  sending: 'bg-amber-50 text-amber-800',
  sent: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-red-50 text-red-800',
};

export function DeliveryStatusBadge({ status }: { status: AlertDelivery['status'] }) {
  const { t } = useAdminT();
  return (
    <StatusBadge
      label={t(`alerts.status.${status}`)}
      className={`${BADGE} ${STATUS_STYLE[status]}`}
      status={status}
    />
  );
}

/** A Telegram chat id as the API takes it: a number (a group's negative) or an @name. */
export const CHAT_PATTERN = /^(-?\d{1,20}|@[A-Za-z0-9_]{5,32})?$/;

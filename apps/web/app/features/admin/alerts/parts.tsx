import { ALERT_NOTES } from '@shop/contract/admin/alerts.endpoints';
import type { AlertDelivery } from '@shop/contract/admin/alerts.schemas';
import { StatusBadge } from '../kit/cells';
import { type AdminT, useAdminT } from '../kit/use-admin-t';

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

const NOTE_KEYS = new Map(
  Object.entries(ALERT_NOTES).map(([key, text]) => [text as string, key as keyof typeof ALERT_NOTES]),
);

/** A delivery's last answer: the shop's own notes in words, a receiver's answer as it came. */
export function lastAnswer(d: Pick<AlertDelivery, 'last_status' | 'last_response'>, t: AdminT): string {
  const note = NOTE_KEYS.get(d.last_response);
  const text = note ? t(`alerts.note.${note}`) : d.last_response || '—';
  return d.last_status !== null && !note ? `${d.last_status} ${text}` : text;
}

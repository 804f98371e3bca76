import { useTranslation } from '../../i18n/use-translation';
import { statusKey, ticketTone, type TicketStatus, type TicketTone } from './support';

const TONE: Record<TicketTone, string> = {
  info: 'bg-sky-50 text-sky-800 ring-sky-200',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  muted: 'bg-stone-100 text-stone-700 ring-stone-200',
};

/** A ticket's state in words: open (waiting for customer service), answered, closed. */
export function TicketStatusBadge({ status, className = '' }: { status: TicketStatus; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="ticket-status"
      data-status={status}
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONE[ticketTone(status)]} ${className}`}
    >
      {t(statusKey(status))}
    </span>
  );
}

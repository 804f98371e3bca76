import { useTranslation } from '../../i18n/use-translation';
import { statusTone, type StatusTone } from '../../lib/order-status';
import type { OrderStatus } from '../../lib/order';

/** A badge's colours by tone; delivery chips (item-delivery.tsx) use the same families. */
export const TONE: Record<StatusTone, string> = {
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
  info: 'bg-sky-50 text-sky-800 ring-sky-200',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  muted: 'bg-stone-100 text-stone-700 ring-stone-200',
  danger: 'bg-red-50 text-red-800 ring-red-200',
};

/** An order's state in words, coloured by its family (waiting, under way, done, over, failed). */
export function OrderStatusBadge({ status, className = '' }: { status: OrderStatus; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="order-status"
      data-status={status}
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONE[statusTone(status)]} ${className}`}
    >
      {t(`orders.status.${status}`)}
    </span>
  );
}

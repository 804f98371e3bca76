import { useTranslation } from '../../i18n/use-translation';

/**
 * "Order no. 2026112435…" where space is short: the label may wrap before the number, the number
 * never wraps inside itself (issue 12) — a buyer reads and copies it whole.
 */
export function OrderNumber({ oid, className = '' }: { oid: string; className?: string }) {
  const { t } = useTranslation();
  const [before, after = ''] = t('order.number', { oid: '\u0000' }).split('\u0000');
  return (
    <span className={className} data-testid="order-number">
      {before}
      <span className="whitespace-nowrap tabular-nums">{oid}</span>
      {after}
    </span>
  );
}

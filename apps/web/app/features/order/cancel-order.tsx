import { useFetcher } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { ConfirmActionButton } from '../../components/ui/confirm-action';

/**
 * Cancel an unpaid order, after a confirmation (its reserved stock goes back). It submits to the
 * clientAction of the order's page (lib/order-action.ts `orderAction`), which says it is done;
 * React Router then loads the order again.
 */
export function CancelOrderButton({ className = 'btn-outline h-10' }: { className?: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  return (
    <ConfirmActionButton
      label={t('order.cancel')}
      title={t('order.cancelTitle')}
      text={t('order.cancelText')}
      keepLabel={t('order.cancelKeep')}
      confirmLabel={t('order.cancelConfirm')}
      busyLabel={t('order.cancelling')}
      action={() => fetcher.submit({ intent: 'cancel' }, { method: 'post' })}
      className={className}
      confirmClassName="btn bg-red-700 text-white hover:bg-red-800"
      testId="cancel-order-dialog"
    />
  );
}

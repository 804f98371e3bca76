import { useTranslation } from '../../i18n/use-translation';
import { orderApi } from '../../lib/order-api';
import { ConfirmActionButton } from '../ui/confirm-action';

/** Cancel an unpaid order, after a confirmation (its reserved stock goes back). */
export function CancelOrderButton({
  oid,
  onDone,
  className = 'btn-outline h-10',
}: {
  oid: string;
  onDone: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmActionButton
      label={t('order.cancel')}
      title={t('order.cancelTitle')}
      text={t('order.cancelText')}
      keepLabel={t('order.cancelKeep')}
      confirmLabel={t('order.cancelConfirm')}
      busyLabel={t('order.cancelling')}
      doneMessage={t('order.cancelDone')}
      action={() => orderApi.cancel(oid)}
      onDone={onDone}
      className={className}
      confirmClassName="btn bg-red-700 text-white hover:bg-red-800"
      testId="cancel-order-dialog"
    />
  );
}

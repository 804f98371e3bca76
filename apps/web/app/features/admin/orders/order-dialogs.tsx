import { CancelDialog, DeliverDialog, RetryDialog, SettleDialog } from './action-dialogs';
import { RefundDialog, type RefundTarget } from './refund-dialog';
import { useAdminT } from '../kit/use-admin-t';

import { type Detail, type Dialog, itemNames } from './order-detail-types';

/** The dialog open on an order's page (deliver, settle, retry, cancel, refund). */
export function OrderDialogs({
  detail,
  dialog,
  onClose,
}: {
  detail: Detail;
  dialog: Dialog;
  onClose: () => void;
}) {
  const { locale } = useAdminT();
  const { order } = detail;
  const { nameOf, specOf } = itemNames(locale === 'en');
  const refundTarget: RefundTarget = {
    oid: order.oid,
    total_cny: order.total_cny,
    refunded_cny: order.refunded_cny,
    pay_method: order.pay_method,
    coupon_code: order.coupon_use === 'used' ? order.coupon_code : null,
    items: detail.items.map((i) => ({
      id: i.id,
      name: `${nameOf(i)} ${specOf(i)}`.trim(),
      charged_cny: i.charged_cny,
      refunded_cny: i.refunded_cny,
      keys: i.card_keys.filter((k) => k.status === 'sold').length,
    })),
  };
  return (
    <>
      {dialog?.kind === 'deliver' ? (
        <DeliverDialog
          item={{ id: dialog.item.id, name: nameOf(dialog.item), ships: dialog.item.ships === 1 }}
          onClose={onClose}
          onDone={onClose}
        />
      ) : dialog?.kind === 'settle' ? (
        <SettleDialog
          item={{ id: dialog.item.id, name: nameOf(dialog.item) }}
          onClose={onClose}
          onDone={onClose}
        />
      ) : dialog?.kind === 'retry' ? (
        <RetryDialog
          item={{ id: dialog.item.id, name: nameOf(dialog.item) }}
          onClose={onClose}
          onDone={onClose}
        />
      ) : dialog?.kind === 'cancel' ? (
        <CancelDialog oid={order.oid} onClose={onClose} onDone={onClose} />
      ) : dialog?.kind === 'refund' ? (
        <RefundDialog target={refundTarget} onClose={onClose} onDone={onClose} />
      ) : null}{' '}
    </>
  );
}

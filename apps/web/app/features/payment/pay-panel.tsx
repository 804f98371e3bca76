import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { Order } from '../../lib/order';
import { PayMethods } from './pay-methods';
import { PayCountdown, PayFailure, PayTimedOut } from './pay-status';
import { ReturnedRecharge } from './returned-recharge';
import { Shortfall } from './shortfall';
import { useOrderPayment } from './use-order-payment';
import { useSecondsLeft } from './use-seconds-left';
import { WechatQrDialog } from './wechat-qr-dialog';

/**
 * The payment side of checkout for an unpaid order: the time left, the methods whose order_*
 * switch is on (SPEC §3; the others are not shown), Pay and Cancel. Balance pays at once; Alipay
 * sends the buyer to its page, and WeChat Pay on a phone's browser to its H5 page (both come back
 * to the order's detail page); elsewhere WeChat Pay shows its QR code and checks every 2 s until
 * the notification has marked the order paid (useOrderPayment). `onChanged` asks the page to load
 * the order again (after a refusal, a cancel, or a payment that found it closed); `cancel` is the
 * order's cancel button, given by the order's page.
 *
 * A balance that does not cover the order is never chosen for the buyer; the shortfall is shown
 * before Pay with a one-tap top-up of the difference, which comes back here (decision 032).
 */
export function PayPanel({
  order,
  onChanged,
  blocked,
  cancel,
}: {
  order: Order;
  onChanged: () => void;
  /** Why Pay must wait (an order of goods that ship without an address, decision 030). */
  blocked?: string | undefined;
  cancel: ReactNode;
}) {
  const { t } = useTranslation();
  const payment = useOrderPayment(order, onChanged);
  const { methods, method, busy, leaving, failure, short } = payment;
  const left = useSecondsLeft(order.expires_at) ?? 0;

  const qrDialog = payment.qr ? (
    <WechatQrDialog
      open={payment.qr.open}
      onOpenChange={payment.qr.setOpen}
      qr={payment.qr.qr}
      amountCny={order.total_cny}
      polling={payment.qr.polling}
      expiresAt={order.expires_at}
      testId="wechat-qr-dialog"
    />
  ) : null;

  if (left === 0) return <PayTimedOut oid={order.oid}>{qrDialog}</PayTimedOut>;

  return (
    <section aria-labelledby="checkout-pay" className="card h-fit p-5 sm:p-6">
      <PayCountdown left={left} />
      <PayMethods
        methods={methods}
        method={method}
        onChoose={payment.choose}
        disabled={busy !== null}
        balance={payment.userLoaded ? payment.balance : undefined}
        covers={payment.covers}
      />
      {short !== undefined && short > 0 && methods.includes('balance') ? (
        <Shortfall oid={order.oid} shortFen={short} disabled={busy !== null} onTopUp={payment.toppedUp} />
      ) : null}
      {/* Back from a top-up started below: confirmed here, then the balance pays. */}
      <ReturnedRecharge onPaid={(amount) => payment.toppedUp(amount)} />
      {!method ? (
        <p className="mt-3 text-sm text-stone-600" data-testid="checkout-no-methods">
          {t('checkout.noMethods')}
        </p>
      ) : null}

      {failure ? <PayFailure failure={failure} /> : null}

      {blocked ? (
        <p
          id="checkout-pay-blocked"
          className="mt-5 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="checkout-pay-blocked"
        >
          {blocked}
        </p>
      ) : null}
      <button
        type="button"
        disabled={!method || busy !== null || blocked !== undefined}
        aria-busy={busy !== null || undefined}
        aria-describedby={blocked ? 'checkout-pay-blocked' : undefined}
        onClick={() => void payment.pay()}
        className="btn-primary mt-5 h-11 w-full text-base"
        data-testid="checkout-pay"
      >
        {leaving === 'alipay'
          ? t('payment.toAlipay')
          : leaving === 'wechat'
            ? t('payFlow.toWechat')
            : busy
              ? t('checkout.paying')
              : t('checkout.pay')}
      </button>
      <div className="mt-3 flex justify-center">{cancel}</div>
      {qrDialog}
    </section>
  );
}

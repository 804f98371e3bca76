import { useEffect, useState } from 'react';
import { paymentStep, rechargePollOutcome, type OnlineMethod } from './payment';
import { paymentApi } from './payment-api';
import { usePaymentPolling } from './use-payment-polling';
import { WechatQrDialog, type WechatQr } from './wechat-qr-dialog';
import { rememberRecharge } from './returned-recharge';

/**
 * A wallet top-up started from a page (the wallet's form, the checkout's shortfall): Alipay, and
 * WeChat Pay H5 on a phone, remember the amount and payment number in this tab and leave (the
 * page they come back to confirms it, see ReturnedRecharge); WeChat Pay's QR code is shown in a
 * dialog and checked every 2 s until the money arrived, then `onPaid` with the amount ("100.00").
 * `returnOid`: Alipay and H5 come back to that order's checkout instead of the wallet.
 */
export function useRecharge(onPaid: (amount: string) => void, returnOid?: string) {
  const [busy, setBusy] = useState<OnlineMethod | null>(null);
  const [qr, setQr] = useState<(WechatQr & { no: string; amount: string; round: number }) | null>(null);
  const [qrOpen, setQrOpen] = useState(false);

  const polling = usePaymentPolling(
    qr && qrOpen ? `${qr.no}:${qr.round}` : null,
    async (signal) => rechargePollOutcome((await paymentApi.rechargeStatus(qr!.no, signal)).status),
    (outcome) => {
      setQrOpen(false);
      if (outcome === 'paid' && qr) {
        onPaid(qr.amount);
        setQr(null);
      }
    },
  );

  // Back from Alipay with the browser's back button, the page may come from the back-forward cache.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(null);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  async function start(amount: string, method: OnlineMethod) {
    if (busy) return;
    setBusy(method);
    try {
      const started = await paymentApi.recharge(amount, method, returnOid);
      const step = paymentStep(started);
      if (step.kind === 'redirect') {
        rememberRecharge(started.no, amount);
        window.location.assign(step.url);
        return;
      }
      setBusy(null);
      if (step.kind === 'qr') {
        setQr((prev) => ({
          codeUrl: step.codeUrl,
          image: step.image,
          no: started.no,
          amount,
          round: (prev?.round ?? 0) + 1,
        }));
        setQrOpen(true);
      }
    } catch {
      // The shared client showed the server's message.
      setBusy(null);
    }
  }

  const dialog = qr ? (
    <WechatQrDialog
      open={qrOpen}
      onOpenChange={setQrOpen}
      qr={qr}
      amountCny={qr.amount}
      polling={polling}
      testId="wechat-qr-dialog"
    />
  ) : null;

  return { busy, start, dialog };
}

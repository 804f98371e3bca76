import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { balanceCovers, checkoutMethods, type PayMethod } from '../../lib/checkout';
import { formatMoney } from '../../lib/format';
import { isApiError } from '../../lib/http';
import { ORDER_DETAIL_PATH, type Order } from '../../lib/order';
import { useSiteConfig } from '../../stores/site-config';
import { message } from '../../lib/toast';
import { useUserStore } from '../../stores/user';
import { type OnlineMethod, orderPollOutcome, paymentStep, preferredMethod, shortfallFen } from './payment';
import { paymentApi } from './payment-api';
import { usePaymentPolling } from './use-payment-polling';
import type { WechatQr } from './wechat-qr-dialog';

/** The balance may have changed: the header, wallet and user center show the new one. */
function refreshBalance() {
  void useUserStore
    .getState()
    .fetchInfo()
    .catch(() => undefined);
}

/**
 * The paying of one unpaid order (the pay panel's state): the methods on offer and the one chosen,
 * the balance and its shortfall, Pay and where it leads (paid at once, the provider's page, the
 * WeChat Pay QR code checked until the notification has marked the order paid), and its failure.
 * `onChanged` asks the page to load the order again (after a refusal or a payment that found it
 * closed).
 */
export function useOrderPayment(order: Order, onChanged: () => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useSiteConfig();
  const methods = checkoutMethods(config);
  const balance = useUserStore((s) => s.info.balance);
  const userLoaded = useUserStore((s) => s.loaded);
  const covers = userLoaded ? balanceCovers(balance, order.total_cny) : undefined;
  // Until the buyer picks one, the choice follows the balance as it becomes known.
  const [chosen, setChosen] = useState<PayMethod | undefined>(undefined);
  const method = chosen !== undefined && methods.includes(chosen) ? chosen : preferredMethod(methods, covers);
  const [busy, setBusy] = useState<PayMethod | null>(null);
  // Leaving for the provider's page (Alipay, WeChat Pay H5): the button says where to.
  const [leaving, setLeaving] = useState<OnlineMethod | null>(null);
  const [failure, setFailure] = useState<{ text: string; method: PayMethod } | null>(null);
  const short = userLoaded && covers === false ? shortfallFen(balance, order.total_cny) : undefined;
  // The WeChat Pay QR code of this visit (shown again rather than asked for again) and each time
  // it is opened, so every opening waits afresh.
  const [qr, setQr] = useState<WechatQr | null>(null);
  const [qrOpen, setQrOpen] = useState(false);
  const [qrRound, setQrRound] = useState(0);
  const polling = usePaymentPolling(
    qr && qrOpen ? `${order.oid}:${qrRound}` : null,
    async (signal) => orderPollOutcome((await paymentApi.orderStatus(order.oid, signal)).status),
    (outcome) => {
      setQrOpen(false);
      if (outcome === 'paid') void paid();
      else onChanged();
    },
  );

  // Back from Alipay with the browser's back button, the page may come from the back-forward
  // cache with "Opening Alipay…" still on the button.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) {
        setBusy(null);
        setLeaving(null);
      }
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  function toppedUp(amount: string) {
    message.success(t('payFlow.topUpDone', { amount: formatMoney(amount, 'CNY') }));
    setChosen('balance');
    setFailure(null);
    refreshBalance();
  }

  async function paid() {
    message.success(t('checkout.paySuccess'));
    refreshBalance();
    await navigate(ORDER_DETAIL_PATH(order.oid), { replace: true });
  }

  function showQr(next: WechatQr) {
    setQr(next);
    setQrRound((n) => n + 1);
    setQrOpen(true);
  }

  async function pay() {
    if (!method || busy) return;
    if (method === 'wechat' && qr) return showQr(qr);
    setBusy(method);
    setFailure(null);
    try {
      const result = await paymentApi.payOrder(order.oid, method);
      if (method === 'balance' || result.status !== 'pending_payment') return await paid();
      const step = paymentStep(result);
      if (step.kind === 'redirect') {
        // Alipay, or WeChat Pay H5 on a phone: its page, then back to the order's detail page. The
        // button stays busy meanwhile.
        setLeaving(method);
        window.location.assign(step.url);
        return;
      }
      setBusy(null);
      if (step.kind === 'qr') showQr({ codeUrl: step.codeUrl, image: step.image });
      else setFailure({ text: t('errors.invalidResponse'), method });
    } catch (error) {
      // The pop-up showed the server's message; it stays beside the button too.
      setFailure({ text: isApiError(error) ? error.msg : t('errors.network'), method });
      setBusy(null);
      refreshBalance();
      onChanged();
    }
  }

  return {
    methods,
    method,
    choose: setChosen,
    balance,
    userLoaded,
    covers,
    short,
    busy,
    leaving,
    failure,
    pay,
    toppedUp,
    qr: qr ? { qr, open: qrOpen, setOpen: setQrOpen, polling } : null,
  };
}

import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CURRENCY_SYMBOL } from '@shop/domain/locale';
import { useTranslation } from '../../i18n/use-translation';
import { isApiError } from '../../lib/http';
import { message } from '../../lib/notify';
import {
  balanceCovers,
  checkoutMethods,
  ORDER_DETAIL_PATH,
  defaultMethod,
  formatCountdown,
  type Order,
  type PayMethod,
} from '../../lib/order';
import { orderApi } from '../../lib/order-api';
import { orderPollOutcome, paymentStep } from '../../lib/payment';
import { paymentApi } from '../../lib/payment-api';
import { useSiteConfig } from '../../lib/root-data';
import { useUserStore } from '../../stores/user';
import { ClockIcon, WalletIcon } from '../ui/icons';
import { CancelOrderButton } from './cancel-order';
import { usePaymentPolling } from './use-payment-polling';
import { useSecondsLeft } from './use-seconds-left';
import { WechatQrDialog, type WechatQr } from './wechat-qr-dialog';

/**
 * The payment side of checkout for an unpaid order: the time left, the methods whose order_*
 * switch is on (SPEC §3; the others are not shown), Pay and Cancel. Balance pays at once; Alipay
 * sends the buyer to its page (it comes back to the order's detail page); WeChat Pay shows its QR
 * code and checks every 2 s until the notification has marked the order paid. `onChanged` asks
 * the page to load the order again (after a refusal, a cancel, or a payment that found it closed).
 */
export function PayPanel({ order, onChanged }: { order: Order; onChanged: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useSiteConfig();
  const methods = checkoutMethods(config);
  const [chosen, setChosen] = useState<PayMethod | undefined>(() => defaultMethod(methods));
  const method = chosen !== undefined && methods.includes(chosen) ? chosen : defaultMethod(methods);
  const [busy, setBusy] = useState<PayMethod | null>(null);
  const [failure, setFailure] = useState<{ text: string; method: PayMethod } | null>(null);
  const left = useSecondsLeft(order.expires_at) ?? 0;
  const balance = useUserStore((s) => s.info.balance);
  const userLoaded = useUserStore((s) => s.loaded);
  const covers = userLoaded ? balanceCovers(balance, order.total_cny) : undefined;
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
      if (event.persisted) setBusy(null);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  async function paid() {
    message.success(t('checkout.paySuccess'));
    // The balance may have changed: the header, wallet and user center show the new one.
    void useUserStore
      .getState()
      .fetchInfo()
      .catch(() => undefined);
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
      const result = await orderApi.pay(order.oid, method);
      if (method === 'balance' || result.status !== 'pending_payment') return await paid();
      const step = paymentStep(result);
      if (step.kind === 'redirect') {
        // Alipay: its page, then back to the order's detail page. The button stays busy meanwhile.
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
      void useUserStore
        .getState()
        .fetchInfo()
        .catch(() => undefined);
      onChanged();
    }
  }

  const qrDialog = qr ? (
    <WechatQrDialog
      open={qrOpen}
      onOpenChange={setQrOpen}
      qr={qr}
      amountCny={order.total_cny}
      polling={polling}
      expiresAt={order.expires_at}
      testId="wechat-qr-dialog"
    />
  ) : null;

  if (left === 0) {
    return (
      <section className="card h-fit p-5 sm:p-6" data-testid="checkout-timed-out">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-stone-100 text-stone-600">
            <ClockIcon size={20} />
          </span>
          <div>
            <h2 className="text-base font-semibold text-stone-900">{t('checkout.timedOut')}</h2>
            <p className="mt-1 text-sm text-stone-600">{t('checkout.timedOutText')}</p>
          </div>
        </div>
        <div className="mt-5 flex flex-wrap gap-3">
          <Link to={ORDER_DETAIL_PATH(order.oid)} className="btn-primary h-10 flex-1">
            {t('order.viewDetail')}
          </Link>
          <Link to="/" className="btn-outline h-10 flex-1">
            {t('common.browseHome')}
          </Link>
        </div>
        {/* A code being scanned right at the deadline can still be paid (decision 019). */}
        {qrDialog}
      </section>
    );
  }

  return (
    <section aria-labelledby="checkout-pay" className="card h-fit p-5 sm:p-6">
      <p
        className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
        data-testid="checkout-countdown"
      >
        <ClockIcon size={16} className="shrink-0" />
        <span>
          {t('checkout.payWithin')}{' '}
          <time
            dateTime={`PT${left}S`}
            className="font-semibold tabular-nums"
            aria-label={t('checkout.secondsLeft', { count: left })}
          >
            {formatCountdown(left)}
          </time>
        </span>
      </p>

      <h2 id="checkout-pay" className="mt-5 text-base font-semibold text-stone-900">
        {t('checkout.method')}
      </h2>
      <fieldset className="mt-3 space-y-2" disabled={busy !== null}>
        <legend className="sr-only">{t('checkout.method')}</legend>
        {methods.map((m) => (
          <MethodOption
            key={m}
            method={m}
            checked={m === method}
            onChoose={() => setChosen(m)}
            detail={
              m === 'balance' ? (
                <>
                  {t('checkout.balanceAvailable', {
                    amount: `${CURRENCY_SYMBOL.CNY}${userLoaded ? balance : '—'}`,
                  })}
                  {covers === false ? (
                    <span className="ml-1.5 font-medium text-red-700">{t('checkout.balanceShort')}</span>
                  ) : null}
                </>
              ) : (
                t(`payment.hint.${m}`)
              )
            }
          />
        ))}
      </fieldset>
      {covers === false && method === 'balance' && !failure ? (
        <p className="mt-2 text-xs text-stone-600">
          <Link to="/user/asset/wallet" className="font-medium text-brand-700 hover:underline">
            {t('checkout.toWallet')}
          </Link>
        </p>
      ) : null}
      {!method ? (
        <p className="mt-3 text-sm text-stone-600" data-testid="checkout-no-methods">
          {t('checkout.noMethods')}
        </p>
      ) : null}

      {failure ? (
        <div
          role="alert"
          className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200"
          data-testid="checkout-error"
        >
          {failure.text}
          {failure.method === 'balance' ? (
            <>
              {' '}
              <Link to="/user/asset/wallet" className="font-medium underline">
                {t('checkout.toWallet')}
              </Link>
            </>
          ) : null}
        </div>
      ) : null}

      <button
        type="button"
        disabled={!method || busy !== null}
        aria-busy={busy !== null || undefined}
        onClick={() => void pay()}
        className="btn-primary mt-5 h-11 w-full text-base"
        data-testid="checkout-pay"
      >
        {busy === 'alipay' ? t('payment.toAlipay') : busy ? t('checkout.paying') : t('checkout.pay')}
      </button>
      <div className="mt-3 flex justify-center">
        <CancelOrderButton oid={order.oid} onDone={onChanged} className="btn-ghost h-9 text-stone-600" />
      </div>
      {qrDialog}
    </section>
  );
}

function MethodOption({
  method,
  checked,
  onChoose,
  detail,
}: {
  method: PayMethod;
  checked: boolean;
  onChoose: () => void;
  detail: React.ReactNode;
}) {
  const { t } = useTranslation();
  const name = t(`payment.${method}`);
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-stone-200 px-3.5 py-3 text-sm transition-colors hover:border-stone-300 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
      <input
        type="radio"
        name="pay-method"
        value={method}
        checked={checked}
        onChange={onChoose}
        className="accent-brand-700"
      />
      <MethodMark method={method} label={name} />
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-stone-900">{name}</span>
        {detail ? <span className="mt-0.5 block text-xs text-stone-600">{detail}</span> : null}
      </span>
    </label>
  );
}

const MARK: Record<PayMethod, string> = {
  balance: 'bg-brand-700',
  alipay: 'bg-[#1677ff]',
  wechat: 'bg-[#07c160]',
};

/** A small coloured mark per method (decorative: the name is beside it). */
export function MethodMark({ method, label }: { method: PayMethod; label: string }) {
  return (
    <span
      aria-hidden="true"
      className={`flex size-8 shrink-0 items-center justify-center rounded-lg text-sm font-bold text-white ${MARK[method]}`}
    >
      {method === 'balance' ? <WalletIcon size={18} /> : Array.from(label)[0]}
    </span>
  );
}

import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CURRENCY_SYMBOL } from '@shop/domain/locale';
import { useTranslation } from '../../i18n/use-translation';
import { formatMoney } from '../../lib/format';
import { isApiError } from '../../lib/http';
import { message } from '../../lib/toast';
import { balanceCovers, checkoutMethods, type PayMethod } from '../../lib/checkout';
import { ORDER_DETAIL_PATH, type Order } from '../../lib/order';
import { formatCountdown } from '../../lib/order-format';
import { orderApi } from '../order/order-api';
import {
  isPhoneBrowser,
  type OnlineMethod,
  orderPollOutcome,
  paymentStep,
  preferredMethod,
  rechargeMethods,
  shortfallFen,
  shortfallTopUp,
} from './payment';
import { paymentApi } from './payment-api';
import { useSiteConfig } from '../../lib/root-data';
import { useHydrated } from '../../lib/use-hydrated';
import { useUserStore } from '../../stores/user';
import { ClockIcon, WalletIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { ReturnedRecharge } from './returned-recharge';
import { useRecharge } from './use-recharge';
import { CancelOrderButton } from '../order/cancel-order';
import { usePaymentPolling } from './use-payment-polling';
import { useSecondsLeft } from './use-seconds-left';
import { WechatQrDialog, type WechatQr } from './wechat-qr-dialog';

const WALLET_PATH = '/user/asset/wallet';

/**
 * The payment side of checkout for an unpaid order: the time left, the methods whose order_*
 * switch is on (SPEC §3; the others are not shown), Pay and Cancel. Balance pays at once; Alipay
 * sends the buyer to its page, and WeChat Pay on a phone's browser to its H5 page (both come back
 * to the order's detail page); elsewhere WeChat Pay shows its QR code and checks every 2 s until
 * the notification has marked the order paid. `onChanged` asks the page to load the order again
 * (after a refusal, a cancel, or a payment that found it closed).
 *
 * A balance that does not cover the order is never chosen for the buyer; the shortfall is shown
 * before Pay with a one-tap top-up of the difference, which comes back here (decision 032).
 */
export function PayPanel({
  order,
  onChanged,
  blocked,
}: {
  order: Order;
  onChanged: () => void;
  /** Why Pay must wait (an order of goods that ship without an address, decision 030). */
  blocked?: string | undefined;
}) {
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
  const left = useSecondsLeft(order.expires_at) ?? 0;
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
    void useUserStore
      .getState()
      .fetchInfo()
      .catch(() => undefined);
  }

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
            name="pay-method"
            method={m}
            checked={m === method}
            onChoose={() => setChosen(m)}
            detail={
              m === 'balance' ? (
                <>
                  {t('checkout.balanceAvailable', {
                    amount: userLoaded ? formatMoney(balance, 'CNY') : `${CURRENCY_SYMBOL.CNY}—`,
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
      {short !== undefined && short > 0 && methods.includes('balance') ? (
        <Shortfall oid={order.oid} shortFen={short} disabled={busy !== null} onTopUp={toppedUp} />
      ) : null}
      {/* Back from a top-up started below: confirmed here, then the balance pays. */}
      <ReturnedRecharge onPaid={(amount) => toppedUp(amount)} />
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
              <Link to={WALLET_PATH} className="font-medium underline">
                {t('checkout.toWallet')}
              </Link>
            </>
          ) : null}
        </div>
      ) : null}

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
        onClick={() => void pay()}
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
      <div className="mt-3 flex justify-center">
        <CancelOrderButton className="btn-ghost h-9 text-stone-600" />
      </div>
      {qrDialog}
    </section>
  );
}

/**
 * One radio card of a payment method (the pay panel's, the wallet top-up's). WeChat Pay's line says
 * what happens on this device, whatever `detail` the caller gave: a phone's browser leaves for the
 * WeChat app (H5 pay) and scans no QR code; elsewhere the caller's words (the QR code). The same
 * reading of the device as the server's choice of flow (decision 032, `isPhoneBrowser`), known once
 * hydrated (the server renders checkout too).
 */
export function MethodOption({
  name: group,
  method,
  checked,
  onChoose,
  detail,
}: {
  name: string;
  method: PayMethod;
  checked: boolean;
  onChoose: () => void;
  detail: React.ReactNode;
}) {
  const { t } = useTranslation();
  const name = t(`payment.${method}`);
  const phone = useHydrated() && method === 'wechat' && isPhoneBrowser(navigator.userAgent);
  const hint = phone ? t('payFlow.wechatPhoneHint') : detail;
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-stone-200 px-3.5 py-3 text-sm transition-colors hover:border-stone-300 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
      <input
        type="radio"
        name={group}
        value={method}
        checked={checked}
        onChange={onChoose}
        className="accent-brand-700"
      />
      <MethodMark method={method} label={name} />
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-stone-900">{name}</span>
        {hint ? (
          <span className="mt-0.5 block text-xs text-stone-600" data-testid={`pay-hint-${method}`}>
            {hint}
          </span>
        ) : null}
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
function MethodMark({ method, label, small = false }: { method: PayMethod; label: string; small?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center font-bold text-white ${MARK[method]} ${
        small ? 'size-5 rounded text-[11px]' : 'size-8 rounded-lg text-sm'
      }`}
    >
      {method === 'balance' ? <WalletIcon size={small ? 12 : 18} /> : Array.from(label)[0]}
    </span>
  );
}

/**
 * The balance is short (issue 12): how much, and a top-up of the difference (at least ¥1.00) by
 * each method of the balance_* switches, one tap each. Alipay (and WeChat Pay H5 on a phone) leave
 * and come back to this checkout, where ReturnedRecharge confirms it; WeChat Pay's QR code is shown
 * here and checked until the money arrived. Then `onTopUp`: the balance pays.
 */
function Shortfall({
  oid,
  shortFen,
  disabled,
  onTopUp,
}: {
  oid: string;
  shortFen: number;
  disabled: boolean;
  /** The top-up arrived (amount "100.00"): its pop-up, the new balance, and the balance is chosen. */
  onTopUp: (amount: string) => void;
}) {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const methods = rechargeMethods(config);
  const topUp = shortfallTopUp(shortFen);
  const { busy, start, dialog } = useRecharge(onTopUp, oid);

  const shortText = formatMoney((shortFen / 100).toFixed(2), 'CNY');
  return (
    <div
      role="status"
      className="mt-3 rounded-lg bg-amber-50 px-3.5 py-3 text-sm text-amber-950 ring-1 ring-amber-200"
      data-testid="checkout-shortfall"
      data-short={(shortFen / 100).toFixed(2)}
    >
      <p className="font-semibold">{t('payFlow.shortTitle', { amount: shortText })}</p>
      <p className="mt-0.5 text-xs text-amber-900">{t('payFlow.shortText')}</p>
      {topUp && methods.length > 0 ? (
        <div className="mt-3 flex flex-col gap-2">
          {methods.map((m) => (
            <button
              key={m}
              type="button"
              disabled={disabled || busy !== null}
              aria-busy={busy === m || undefined}
              onClick={() => topUp && void start(topUp.amount, m)}
              className="btn-outline h-10 w-full justify-center bg-white text-sm"
              data-testid={`shortfall-topup-${m}`}
            >
              {busy === m ? (
                <Spinner tone="neutral" />
              ) : (
                <MethodMark method={m} label={t(`payment.${m}`)} small />
              )}
              {busy === m
                ? t('payFlow.toppingUp', { method: t(`payment.${m}`) })
                : t('payFlow.topUp', { amount: formatMoney(topUp.amount, 'CNY'), method: t(`payment.${m}`) })}
            </button>
          ))}
          {topUp.fen > shortFen ? (
            <p className="text-xs text-amber-900">
              {t('payFlow.topUpMinimum', { amount: formatMoney('1.00', 'CNY') })}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="mt-2 text-xs">
          <Link to={WALLET_PATH} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            {t('payFlow.topUpElsewhere')}
          </Link>
        </p>
      )}
      {dialog}
    </div>
  );
}

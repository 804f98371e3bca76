import { useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { useTranslation } from '../../i18n/use-translation';
import {
  decodePendingRecharge,
  encodePendingRecharge,
  PENDING_RECHARGE_KEY,
  rechargePollOutcome,
  RETURN_POLL,
  type PendingRecharge,
} from './payment';
import { formatMoney } from '../../lib/format';
import { paymentApi } from './payment-api';
import { usePaymentPolling } from './use-payment-polling';
import { CloseIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { TextButton } from '../../components/ui/text-button';

function readPending(): PendingRecharge | undefined {
  try {
    return decodePendingRecharge(sessionStorage.getItem(PENDING_RECHARGE_KEY), Date.now());
  } catch {
    return undefined;
  }
}

/** Before leaving for Alipay: the top-up to confirm when the buyer comes back to the wallet. */
export function rememberRecharge(no: string, amount: string): void {
  try {
    sessionStorage.setItem(PENDING_RECHARGE_KEY, encodePendingRecharge({ no, amount, at: Date.now() }));
  } catch {
    // Storage refused (private mode): the balance still shows the top-up on the way back.
  }
}

function forget(): void {
  try {
    sessionStorage.removeItem(PENDING_RECHARGE_KEY);
  } catch {
    // nothing stored then
  }
}

/**
 * Back from Alipay: the top-up this tab left for (RechargeForm remembered it) is checked at once
 * and a few times more, since the notification that credits the wallet may come a moment after
 * the buyer. Paid: `onPaid` with its amount. Not yet: a note saying so, with "check again".
 * The tab's storage counts once hydrated: an order's checkout is also rendered by the server
 * (decision 049), which has none, and hydration must find what the server rendered.
 */
export function ReturnedRecharge({ onPaid }: { onPaid: (amount: string) => void }) {
  const { t } = useTranslation();
  const [stored, setPending] = useState(readPending);
  const pending = useHydrated() ? stored : undefined;
  const polling = usePaymentPolling(
    pending ? pending.no : null,
    async (signal) => rechargePollOutcome((await paymentApi.rechargeStatus(pending!.no, signal)).status),
    (outcome) => {
      if (outcome === 'paid' && pending) onPaid(pending.amount);
      forget();
      setPending(undefined);
    },
    { schedule: RETURN_POLL, immediate: true },
  );
  if (!pending || polling.phase === 'settled') return null;

  const amount = formatMoney(pending.amount, 'CNY');
  const expired = polling.phase === 'expired';
  return (
    <div
      role="status"
      className={`mt-6 flex items-start gap-3 rounded-xl px-4 py-3 text-sm ring-1 ${
        expired ? 'bg-amber-50 text-amber-950 ring-amber-200' : 'bg-white text-stone-700 ring-stone-200'
      }`}
      data-testid="recharge-returned"
      data-phase={polling.phase}
    >
      {expired ? null : <Spinner tone="neutral" className="mt-0.5" />}
      <div className="min-w-0 flex-1">
        <p>{expired ? t('wallet.notYet', { amount }) : t('wallet.confirming', { amount })}</p>
        {expired ? (
          <TextButton onClick={polling.checkNow} className="mt-1">
            {t('payment.checkAgain')}
          </TextButton>
        ) : null}
      </div>
      {expired ? (
        <button
          type="button"
          onClick={() => {
            forget();
            setPending(undefined);
          }}
          aria-label={t('common.close')}
          className="-m-1 flex size-8 shrink-0 items-center justify-center rounded-full text-amber-900 hover:bg-amber-100"
        >
          <CloseIcon size={16} />
        </button>
      ) : null}
    </div>
  );
}

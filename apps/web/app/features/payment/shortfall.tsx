import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { formatMoney } from '../../lib/format';
import { useSiteConfig } from '../../stores/site-config';
import { Spinner } from '../../components/ui/spinner';
import { MethodMark } from './method-option';
import { rechargeMethods, shortfallTopUp, WALLET_PATH } from './payment';
import { useRecharge } from './use-recharge';

/**
 * The balance is short (issue 12): how much, and a top-up of the difference (at least ¥1.00) by
 * each method of the balance_* switches, one tap each. Alipay (and WeChat Pay H5 on a phone) leave
 * and come back to this checkout, where ReturnedRecharge confirms it; WeChat Pay's QR code is shown
 * here and checked until the money arrived. Then `onTopUp`: the balance pays.
 */
export function Shortfall({
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

import { useId, useState, type FormEvent } from 'react';
import { CURRENCY_SYMBOL } from '@shop/domain/locale';
import { useTranslation } from '../../i18n/use-translation';
import { formatMoney } from '../../lib/format';
import { parseRechargeAmount, RECHARGE_PRESETS, rechargeMethods, type OnlineMethod } from './payment';
import { useSiteConfig } from '../../stores/site-config';
import { MethodOption } from './method-option';
import { useRecharge } from './use-recharge';
import { Spinner } from '../../components/ui/spinner';

const yuan = (amount: string) => formatMoney(amount, 'CNY');

/**
 * Wallet top-up (issue 6): a preset or typed amount (¥1.00–¥50,000.00) and a method of the
 * balance_* switches (SPEC §3; the others are not shown). Alipay: the amount and payment number are
 * remembered in this tab and the buyer leaves for Alipay, which sends them back to the wallet
 * (see ReturnedRecharge). WeChat Pay: the QR code, checked every 2 s until the money arrived;
 * then `onPaid` with the amount ("100.00").
 */
export function RechargeForm({ onPaid }: { onPaid: (amount: string) => void }) {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const methods = rechargeMethods(config);
  const ids = useId();
  const [preset, setPreset] = useState<string | null>('100');
  const [custom, setCustom] = useState('');
  const [showError, setShowError] = useState(false);
  const [chosen, setChosen] = useState<OnlineMethod | undefined>(undefined);
  const method = chosen !== undefined && methods.includes(chosen) ? chosen : methods[0];
  const parsed = parseRechargeAmount(custom !== '' ? custom : (preset ?? ''));
  const error = parsed.ok ? null : t(`wallet.amount${REASON[parsed.reason]}`);

  const { busy, start, dialog } = useRecharge(onPaid);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!parsed.ok) {
      setShowError(true);
      document.getElementById(`${ids}-custom`)?.focus();
      return;
    }
    if (method) await start(parsed.amount, method);
  }

  const errorId = `${ids}-error`;
  const invalid = showError && error !== null;
  return (
    <section id="recharge" aria-labelledby={`${ids}-title`} className="card scroll-mt-24 p-5 sm:p-6">
      <h2 id={`${ids}-title`} className="text-base font-semibold text-stone-900">
        {t('wallet.rechargeTitle')}
      </h2>
      {methods.length === 0 ? (
        <p
          className="mt-3 rounded-lg bg-stone-50 px-4 py-3 text-sm text-stone-600"
          data-testid="recharge-off"
        >
          {t('wallet.noMethods')}
        </p>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="mt-4" data-testid="recharge-form">
          <fieldset disabled={busy !== null}>
            <legend className="text-sm font-medium text-stone-800">{t('wallet.amount')}</legend>
            <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
              {RECHARGE_PRESETS.map((value) => (
                <label
                  key={value}
                  className="flex h-12 cursor-pointer items-center justify-center rounded-lg border border-stone-200 text-base font-semibold text-stone-900 tabular-nums transition-colors hover:border-stone-300 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700"
                >
                  <input
                    type="radio"
                    name="recharge-amount"
                    value={value}
                    checked={custom === '' && preset === value}
                    onChange={() => {
                      setPreset(value);
                      setCustom('');
                      setShowError(false);
                    }}
                    className="sr-only"
                  />
                  {yuan(value)}
                </label>
              ))}
            </div>
            <label htmlFor={`${ids}-custom`} className="mt-4 mb-1.5 block text-sm font-medium text-stone-800">
              {t('wallet.custom')}
            </label>
            <div className="relative sm:max-w-xs">
              <span
                aria-hidden="true"
                className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-stone-500"
              >
                {CURRENCY_SYMBOL.CNY}
              </span>
              <input
                id={`${ids}-custom`}
                inputMode="decimal"
                autoComplete="off"
                value={custom}
                placeholder={t('wallet.customPlaceholder')}
                onChange={(e) => {
                  setCustom(e.target.value);
                  if (e.target.value === '') setShowError(false);
                }}
                onBlur={() => setShowError(custom !== '')}
                aria-invalid={invalid || undefined}
                aria-describedby={invalid ? errorId : `${ids}-hint`}
                className={`input h-11 pl-7 tabular-nums ${invalid ? 'border-red-600 focus:border-red-600 focus:ring-red-100' : ''}`}
                data-testid="recharge-custom"
              />
            </div>
            {invalid ? (
              <p
                id={errorId}
                role="alert"
                className="mt-1.5 text-xs text-red-700"
                data-testid="recharge-error"
              >
                {error}
              </p>
            ) : (
              <p id={`${ids}-hint`} className="mt-1.5 text-xs text-stone-600">
                {t('wallet.amountHint')}
              </p>
            )}
          </fieldset>

          <fieldset disabled={busy !== null} className="mt-5">
            <legend className="text-sm font-medium text-stone-800">{t('checkout.method')}</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {methods.map((m) => (
                <MethodOption
                  key={m}
                  name="recharge-method"
                  method={m}
                  checked={m === method}
                  onChoose={() => setChosen(m)}
                  detail={t(`payment.hint.${m}`)}
                />
              ))}
            </div>
          </fieldset>

          <button
            type="submit"
            disabled={busy !== null}
            aria-busy={busy !== null || undefined}
            className="btn-primary mt-6 h-11 w-full px-8 text-base sm:w-auto"
            data-testid="recharge-submit"
          >
            {busy ? <Spinner tone="onBrand" /> : null}
            {busy === 'alipay'
              ? t('payment.toAlipay')
              : busy
                ? t('checkout.paying')
                : parsed.ok
                  ? t('wallet.submit', { amount: yuan(parsed.amount) })
                  : t('wallet.recharge')}
          </button>
        </form>
      )}
      {dialog}
    </section>
  );
}

const REASON = { empty: 'Empty', format: 'Format', range: 'Range' } as const;

import { CURRENCY_SYMBOL } from '@shop/domain/locale';
import { useTranslation } from '../../i18n/use-translation';
import type { PayMethod } from '../../lib/checkout';
import { formatMoney } from '../../lib/format';
import { MethodOption } from './method-option';

/**
 * The methods an order may be paid by (SPEC §3: those whose order_* switch is on; the others are
 * not shown), one radio card each; the balance's card says what is available and whether it is
 * short.
 */
export function PayMethods({
  methods,
  method,
  onChoose,
  disabled,
  balance,
  covers,
}: {
  methods: PayMethod[];
  method: PayMethod | undefined;
  onChoose: (method: PayMethod) => void;
  disabled: boolean;
  /** The buyer's balance, undefined until known. */
  balance: string | undefined;
  covers: boolean | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <h2 id="checkout-pay" className="mt-5 text-base font-semibold text-stone-900">
        {t('checkout.method')}
      </h2>
      <fieldset className="mt-3 space-y-2" disabled={disabled}>
        <legend className="sr-only">{t('checkout.method')}</legend>
        {methods.map((m) => (
          <MethodOption
            key={m}
            name="pay-method"
            method={m}
            checked={m === method}
            onChoose={() => onChoose(m)}
            detail={
              m === 'balance' ? (
                <>
                  {t('checkout.balanceAvailable', {
                    amount: balance !== undefined ? formatMoney(balance, 'CNY') : `${CURRENCY_SYMBOL.CNY}—`,
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
    </>
  );
}

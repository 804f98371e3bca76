import { CURRENCY_SYMBOL, type Currency } from '@shop/domain/locale';

/** A price as the API sent it (a decimal string), after its currency symbol. Never recomputed. */
export function Price({
  value,
  currency,
  className = '',
  strike = false,
}: {
  value: string;
  currency: Currency;
  className?: string;
  strike?: boolean;
}) {
  const text = `${CURRENCY_SYMBOL[currency] ?? ''}${value}`;
  return strike ? <s className={className}>{text}</s> : <span className={className}>{text}</span>;
}

import type { Currency } from '@shop/domain/locale';
import { formatMoney } from '../../lib/format';

/**
 * A price as the API sent it (a decimal string), written the one way money is shown (decision
 * 031: symbol, thousands separated, two decimals). Never recomputed.
 */
export function Price({
  value,
  currency,
  className = '',
  strike = false,
  testId,
}: {
  value: string;
  currency: Currency;
  className?: string;
  strike?: boolean;
  testId?: string;
}) {
  const text = formatMoney(value, currency);
  return strike ? (
    <s className={className} data-testid={testId}>
      {text}
    </s>
  ) : (
    <span className={className} data-testid={testId}>
      {text}
    </span>
  );
}

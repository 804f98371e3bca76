import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { QuantityInput } from '../../components/ui/quantity-input';

/** The goods page's quantity: its label, − [n] + within 1..max, and the most one may buy. */
export function QuantityStepper({
  value,
  max,
  disabled = false,
  onChange,
}: {
  value: number;
  max: number;
  disabled?: boolean;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-2 block text-sm font-medium text-stone-800">
        {t('goods.quantity')}
      </label>
      <div className="flex items-center gap-3">
        <QuantityInput id={id} value={value} max={max} disabled={disabled} onChange={onChange} />
        <span className="text-xs text-stone-600">{t('goods.maxQuantity', { count: max })}</span>
      </div>
    </div>
  );
}

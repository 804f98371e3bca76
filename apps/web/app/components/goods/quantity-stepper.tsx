import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { clampQuantity } from '../../lib/goods-options';

/** − [n] + within 1..max. Typing is allowed; the value is corrected when the field is left. */
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
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    onChange(clampQuantity(Number(draft || value), max));
    setDraft(null);
  };
  const button =
    'flex size-11 items-center justify-center text-lg focus-visible:-outline-offset-2 text-stone-700 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-300 disabled:hover:bg-transparent';
  return (
    <div>
      <label htmlFor={id} className="mb-2 block text-sm font-medium text-stone-800">
        {t('goods.quantity')}
      </label>
      <div className="flex items-center gap-3">
        <div className="inline-flex items-center overflow-hidden rounded-lg border border-stone-300 bg-white">
          <button
            type="button"
            className={button}
            aria-label={t('goods.decrease')}
            disabled={disabled || value <= 1}
            onClick={() => onChange(clampQuantity(value - 1, max))}
          >
            −
          </button>
          <input
            id={id}
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            step={1}
            disabled={disabled}
            value={draft ?? String(value)}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={commit}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                commit();
              }
            }}
            className="h-11 w-16 border-x border-stone-300 text-center text-base text-stone-900 [appearance:textfield] focus-visible:-outline-offset-2 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
          />
          <button
            type="button"
            className={button}
            aria-label={t('goods.increase')}
            disabled={disabled || value >= max}
            onClick={() => onChange(clampQuantity(value + 1, max))}
          >
            +
          </button>
        </div>
        <span className="text-xs text-stone-600">{t('goods.maxQuantity', { count: max })}</span>
      </div>
    </div>
  );
}

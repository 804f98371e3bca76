import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { clampQuantity } from '../../lib/goods-options';

/**
 * The compact − [n] + of a cart line, within 1..max. A step is sent at once; a typed value when the
 * field is left or Enter is pressed. The caller disables it while its update is under way.
 */
export function LineQuantity({
  value,
  max,
  name,
  disabled = false,
  onChange,
}: {
  value: number;
  max: number;
  /** The goods name, for the accessible labels. */
  name: string;
  disabled?: boolean;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const change = (next: number) => {
    if (next !== value) onChange(next);
  };
  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    if (draft.trim() !== '') change(clampQuantity(Number(draft), max));
  };
  const button =
    'flex size-9 items-center justify-center text-base text-stone-700 hover:bg-stone-100 focus-visible:-outline-offset-2 disabled:cursor-not-allowed disabled:text-stone-300 disabled:hover:bg-transparent';
  return (
    <div
      className={`inline-flex items-center overflow-hidden rounded-lg border border-stone-300 bg-white ${disabled ? 'opacity-70' : ''}`}
    >
      <button
        type="button"
        className={button}
        aria-label={t('cart.decreaseOf', { name })}
        disabled={disabled || value <= 1}
        onClick={() => change(clampQuantity(value - 1, max))}
      >
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        aria-label={t('cart.quantityOf', { name })}
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
        className="h-9 w-11 border-x border-stone-300 text-center text-sm text-stone-900 [appearance:textfield] focus-visible:-outline-offset-2 disabled:bg-stone-50 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
      />
      <button
        type="button"
        className={button}
        aria-label={t('cart.increaseOf', { name })}
        disabled={disabled || value >= max}
        onClick={() => change(clampQuantity(value + 1, max))}
      >
        +
      </button>
    </div>
  );
}

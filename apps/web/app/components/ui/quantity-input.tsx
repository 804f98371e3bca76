import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { clampQuantity } from '../../lib/goods-options';

const SIZES = {
  // The goods page, under its own <label>.
  large: {
    frame: 'inline-flex items-center overflow-hidden rounded-lg border border-stone-300 bg-white',
    button:
      'flex size-11 items-center justify-center text-lg focus-visible:-outline-offset-2 text-stone-700 hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-300 disabled:hover:bg-transparent',
    input:
      'h-11 w-16 border-x border-stone-300 text-center text-base text-stone-900 [appearance:textfield] focus-visible:-outline-offset-2 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none',
  },
  // A cart line, labelled by the goods name.
  compact: {
    frame: 'inline-flex items-center overflow-hidden rounded-lg border border-stone-300 bg-white',
    button:
      'flex size-9 items-center justify-center text-base text-stone-700 hover:bg-stone-100 focus-visible:-outline-offset-2 disabled:cursor-not-allowed disabled:text-stone-300 disabled:hover:bg-transparent',
    input:
      'h-9 w-11 border-x border-stone-300 text-center text-sm text-stone-900 [appearance:textfield] focus-visible:-outline-offset-2 disabled:bg-stone-50 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none',
  },
};

/**
 * − [n] + within 1..max, on the goods page and on each cart line. A step is sent at once; a typed
 * value when the field is left or Enter is pressed (an empty field keeps the quantity). Only a
 * changed quantity is sent. With `name` (a cart line) the goods name labels the controls; without
 * it a <label htmlFor={id}> of the caller does.
 */
export function QuantityInput({
  value,
  max,
  disabled = false,
  onChange,
  id,
  name,
}: {
  value: number;
  max: number;
  disabled?: boolean;
  onChange: (value: number) => void;
  id?: string;
  name?: string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const size = name === undefined ? SIZES.large : SIZES.compact;
  const change = (next: number) => {
    if (next !== value) onChange(next);
  };
  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    if (draft.trim() !== '') change(clampQuantity(Number(draft), max));
  };
  return (
    <div className={name !== undefined && disabled ? `${size.frame} opacity-70` : size.frame}>
      <button
        type="button"
        className={size.button}
        aria-label={name === undefined ? t('goods.decrease') : t('cart.decreaseOf', { name })}
        disabled={disabled || value <= 1}
        onClick={() => change(clampQuantity(value - 1, max))}
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
        aria-label={name === undefined ? undefined : t('cart.quantityOf', { name })}
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
        className={size.input}
      />
      <button
        type="button"
        className={size.button}
        aria-label={name === undefined ? t('goods.increase') : t('cart.increaseOf', { name })}
        disabled={disabled || value >= max}
        onClick={() => change(clampQuantity(value + 1, max))}
      >
        +
      </button>
    </div>
  );
}

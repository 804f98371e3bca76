import type { Currency } from '@shop/domain/locale';
import { useTranslation } from '../../i18n/use-translation';
import { isAvailable, type GoodsOption } from '../../lib/goods-options';
import { Price } from '../../components/ui/price';

/** Stock at or below this is shown on the option ("only 3 left"). */
const LOW_STOCK = 10;

/**
 * SKUs or face values as a radio group: native radios (arrow keys move between them), drawn as
 * buttons. Sold-out options are disabled.
 */
export function OptionPicker({
  legend,
  name,
  options,
  value,
  currency,
  onChange,
}: {
  legend: string;
  name: string;
  options: GoodsOption[];
  value: string | undefined;
  currency: Currency;
  onChange: (key: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-stone-800">{legend}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {options.map((option) => {
          const available = isAvailable(option);
          return (
            <label
              key={option.key}
              className="relative flex cursor-pointer flex-col gap-0.5 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm transition-colors hover:border-brand-700 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-700 has-[:disabled]:cursor-not-allowed has-[:disabled]:border-stone-200 has-[:disabled]:bg-stone-50 has-[:disabled]:text-stone-500 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700"
            >
              <input
                type="radio"
                name={name}
                value={option.key}
                checked={value === option.key}
                disabled={!available}
                onChange={() => onChange(option.key)}
                className="sr-only"
              />
              <span className="font-medium text-stone-900">{option.label}</span>
              <span className="flex flex-wrap items-baseline gap-x-1.5 text-xs">
                <Price value={option.price} currency={currency} className="font-semibold text-brand-700" />
                {!available ? (
                  <span className="text-stone-600">{t('goods.soldOut')}</span>
                ) : option.stock !== null && option.stock <= LOW_STOCK ? (
                  <span className="text-amber-800">{t('goods.stockLeft', { count: option.stock })}</span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

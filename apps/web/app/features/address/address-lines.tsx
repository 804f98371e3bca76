import { parseLocale } from '@shop/domain/locale';
import { useTranslation } from '../../i18n/use-translation';
import { placeOf, type OrderAddress } from './address';

/**
 * An address as a parcel label reads: the person and their number, then the place in the
 * reader's order. Used by the book, the checkout and the order.
 */
export function AddressLines({
  address,
  isDefault = false,
  className = '',
}: {
  address: OrderAddress;
  isDefault?: boolean;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className={`min-w-0 ${className}`}>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-semibold break-all text-stone-900">{address.recipient}</span>
        <span className="text-sm text-stone-700 tabular-nums">{address.phone}</span>
        {isDefault ? (
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-200">
            {t('address.defaultBadge')}
          </span>
        ) : null}
      </p>
      <p className="mt-1 text-sm break-words text-stone-600">
        {placeOf(address, parseLocale(i18n.language))}
      </p>
    </div>
  );
}

import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { orderShips } from './address';
import { CHECKOUT_PATH, type Order } from '../../lib/order';
import { MapPinIcon } from '../../components/ui/icons';
import { AddressLines } from './address-lines';

/**
 * Where an order's goods that ship go: the copy on the order (decision 030), which a later edit
 * of the address book does not change. Nothing for an order with nothing to ship.
 */
export function OrderAddress({ order }: { order: Order }) {
  const { t } = useTranslation();
  if (!orderShips(order)) return null;
  return (
    <section aria-labelledby="order-address" className="card p-5 sm:p-6" data-testid="order-address">
      <h2 id="order-address" className="flex items-center gap-2 text-base font-semibold text-stone-900">
        <MapPinIcon size={18} className="text-brand-700" />
        {t('address.order.title')}
      </h2>
      {order.address ? (
        <AddressLines address={order.address} className="mt-3" />
      ) : (
        <p className="mt-3 text-sm text-stone-600">
          {t('address.order.none')}{' '}
          {order.status === 'pending_payment' ? (
            <Link to={CHECKOUT_PATH(order.oid)} className="font-medium text-brand-700 hover:underline">
              {t('address.order.choose')}
            </Link>
          ) : null}
        </p>
      )}
    </section>
  );
}

import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { EmptyState } from './empty-state';
import { ReceiptIcon } from './icons';

/** An order number the API does not know for this buyer (404), shown in place of the page. */
export function OrderNotFound() {
  const { t } = useTranslation();
  return (
    <div className="card" data-testid="order-not-found">
      <EmptyState
        icon={<ReceiptIcon size={28} />}
        title={t('order.notFoundTitle')}
        description={t('order.notFoundText')}
        action={
          <Link to="/user/order" className="btn-primary">
            {t('order.backToOrders')}
          </Link>
        }
      />
    </div>
  );
}

/** A load that failed for another reason (its pop-up said why): offer to try again. */
export function LoadFailed({ onRetry, framed = false }: { onRetry: () => void; framed?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`flex flex-col items-center gap-4 p-10 text-center ${framed ? 'card' : ''}`}>
      <p className="text-sm text-stone-600">{t('order.loadFailed')}</p>
      <button type="button" className="btn-outline" onClick={onRetry}>
        {t('errors.retry')}
      </button>
    </div>
  );
}

import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { SUPPORT_PATH } from './support';
import { EmptyState } from '../../components/ui/empty-state';
import { HeadsetIcon } from '../../components/ui/icons';

/** A load that failed (its pop-up said why): offer to try again. */
export function SupportLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-4 p-10 text-center">
      <p className="text-sm text-stone-600">{t('support.loadFailed')}</p>
      <button type="button" className="btn-outline" onClick={onRetry}>
        {t('errors.retry')}
      </button>
    </div>
  );
}

/** A ticket id the API does not know for this buyer (only the owner sees a ticket). */
export function TicketNotFound() {
  const { t } = useTranslation();
  return (
    <div className="card" data-testid="ticket-not-found">
      <EmptyState
        icon={<HeadsetIcon size={28} />}
        title={t('support.notFoundTitle')}
        description={t('support.notFoundText')}
        action={
          <Link to={SUPPORT_PATH} className="btn-primary">
            {t('support.back')}
          </Link>
        }
      />
    </div>
  );
}

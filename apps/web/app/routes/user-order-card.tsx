import { Link } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/user-order-card';
import { UserShell } from '../components/user/user-shell';
import { EmptyState } from '../components/ui/empty-state';
import { KeyIcon } from '../components/ui/icons';
import { pageMeta, type PageHandle } from '../lib/meta';

export const handle = { page: 'orderCard' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'orderCard');

/** Delivered card keys of the buyer's orders (GET /api/front/order/card, orders issue). */
export default function OrderCardPage() {
  const { t } = useTranslation();
  return (
    <UserShell title={t('pages.orderCard.heading')}>
      <div className="card">
        <EmptyState
          icon={<KeyIcon size={28} />}
          title={t('orderCard.emptyTitle')}
          description={t('orderCard.emptyText')}
          action={
            <Link to="/user/order" className="btn-outline">
              {t('nav.orders')}
            </Link>
          }
        />
      </div>
    </UserShell>
  );
}

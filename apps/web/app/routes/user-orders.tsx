import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/user-orders';
import { UserShell } from '../components/user/user-shell';
import { EmptyState } from '../components/ui/empty-state';
import { ReceiptIcon } from '../components/ui/icons';
import { pageMeta, type PageHandle } from '../lib/meta';

export const handle = { page: 'orders' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'orders');

// ARCHITECTURE §4 order states shown as tabs.
const TABS = ['all', 'pending_payment', 'paid', 'delivering', 'completed', 'cancelled'] as const;

export default function OrdersPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const status = TABS.find((tab) => tab === params.get('status')) ?? 'all';
  return (
    <UserShell title={t('pages.orders.heading')}>
      <div className="card">
        <nav
          aria-label={t('orders.filter')}
          className="flex gap-1 overflow-x-auto border-b border-stone-100 px-3 pt-2"
        >
          {TABS.map((tab) => (
            <Link
              key={tab}
              to={tab === 'all' ? '?' : `?status=${tab}`}
              aria-current={tab === status ? 'page' : undefined}
              className={`shrink-0 border-b-2 px-3 py-2.5 text-sm whitespace-nowrap ${
                tab === status
                  ? 'border-brand-700 font-semibold text-brand-800'
                  : 'border-transparent text-stone-600 hover:text-stone-900'
              }`}
            >
              {t(`orders.status.${tab}`)}
            </Link>
          ))}
        </nav>
        <EmptyState
          icon={<ReceiptIcon size={28} />}
          title={t('orders.emptyTitle')}
          description={t('orders.emptyText')}
          action={
            <Link to="/" className="btn-primary">
              {t('common.browseHome')}
            </Link>
          }
        />
      </div>
    </UserShell>
  );
}

import { Link } from 'react-router';
import { useAdminT } from '../kit/use-admin-t';
import { useListParams } from '../kit/use-list-params';

import { type Detail, type Ledger, TABS, type Tab } from './buyer-detail-types';
import { OrdersTab } from './buyer-orders-tab';
import { TicketsTab } from './buyer-tickets-tab';
import { RevealsTab } from './buyer-reveals-tab';
import { LedgerTab } from './buyer-ledger-tab';

/** A buyer's tabs (orders, tickets, ledger, reveals), the one shown kept in the URL. */
export function BuyerTabs({ detail, ledger }: { detail: Detail; ledger: Ledger }) {
  const { t } = useAdminT();
  const list = useListParams();
  const b = detail.buyer;
  const tab: Tab = TABS.find((x) => x === list.get('tab')) ?? 'orders';
  const counts: Record<Tab, number> = {
    orders: b.order_count,
    tickets: b.ticket_count,
    ledger: b.ledger_count,
    reveals: detail.reveal_count,
  };
  return (
    <section className="card overflow-hidden">
      <nav
        aria-label={t('buyers.tabs.label')}
        className="flex gap-1 overflow-x-auto border-b border-stone-100 px-3 pt-2"
      >
        {TABS.map((item) => (
          <Link
            key={item}
            to={item === 'orders' ? '?' : `?tab=${item}`}
            preventScrollReset
            aria-current={item === tab ? 'page' : undefined}
            className={`shrink-0 border-b-2 px-3 py-2.5 text-sm whitespace-nowrap ${
              item === tab
                ? 'border-brand-700 font-semibold text-brand-800'
                : 'border-transparent text-stone-600 hover:text-stone-900'
            }`}
          >
            {t(`buyers.tabs.${item}`)}
            <span className="ml-1.5 rounded-full bg-stone-100 px-1.5 text-xs text-stone-600">
              {counts[item]}
            </span>
          </Link>
        ))}
      </nav>
      <div className="p-4 sm:p-5" data-testid={`buyer-tab-${tab}`}>
        {tab === 'orders' ? (
          <OrdersTab detail={detail} />
        ) : tab === 'tickets' ? (
          <TicketsTab detail={detail} />
        ) : tab === 'ledger' ? (
          <LedgerTab ledger={ledger} t={t} />
        ) : tab === 'reveals' ? (
          <RevealsTab detail={detail} />
        ) : null}
      </div>
    </section>
  );
}

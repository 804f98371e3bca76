import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import {
  EditIcon,
  HeadsetIcon,
  KeyIcon,
  ListIcon,
  LockIcon,
  MapPinIcon,
  ReceiptIcon,
  UserIcon,
  WalletIcon,
} from './icons';
import { PageContainer, PageHeader } from './page-header';

const NAV = [
  { to: '/user/center', key: 'nav.userCenter', icon: UserIcon, end: true },
  { to: '/user/order', key: 'nav.orders', icon: ReceiptIcon, end: false },
  { to: '/user/order/card', key: 'nav.orderCard', icon: KeyIcon, end: true },
  { to: '/user/asset/wallet', key: 'nav.wallet', icon: WalletIcon, end: true },
  { to: '/user/asset/log', key: 'nav.assetLog', icon: ListIcon, end: true },
  { to: '/user/address', key: 'nav.address', icon: MapPinIcon, end: true },
  { to: '/user/update', key: 'nav.profile', icon: EditIcon, end: true },
  { to: '/user/password', key: 'nav.password', icon: LockIcon, end: true },
  { to: '/user/support', key: 'nav.support', icon: HeadsetIcon, end: true },
] as const;

/** Account pages: the section menu (side on desktop, scrolling pills on phones) and the page. */
export function UserShell({
  title,
  subtitle,
  actions,
  children,
  home = false,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  children: ReactNode;
  /** The user center itself: no "user center" breadcrumb above it. */
  home?: boolean;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // "My orders" covers its detail and checkout pages, not the card keys, which have their own entry.
  const cards = pathname.startsWith('/user/order/card');
  return (
    <PageContainer>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={actions}
        crumbs={home ? [] : [{ label: t('nav.userCenter'), to: '/user/center' }]}
      />
      <div className="flex flex-col gap-6 lg:flex-row">
        <nav aria-label={t('nav.account')} className="lg:w-56 lg:shrink-0">
          <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-col lg:gap-1 lg:overflow-visible lg:rounded-xl lg:border lg:border-stone-200 lg:bg-white lg:p-2">
            {NAV.map(({ to, key, icon: Icon, end }) => (
              <li key={to} className="shrink-0">
                <NavLink
                  to={to}
                  end={end}
                  aria-current={cards && to === '/user/order' ? false : 'page'}
                  className={({ isActive }) =>
                    `flex items-center gap-2.5 rounded-full border px-3.5 py-2 text-sm whitespace-nowrap transition-colors lg:rounded-lg lg:border-0 ${
                      isActive && !(cards && to === '/user/order')
                        ? 'border-brand-200 bg-brand-50 font-semibold text-brand-800'
                        : 'border-stone-200 bg-white text-stone-700 hover:text-brand-700 lg:bg-transparent lg:hover:bg-stone-50'
                    }`
                  }
                >
                  <Icon size={18} />
                  {t(key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </PageContainer>
  );
}

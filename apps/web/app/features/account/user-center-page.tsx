import { Suspense } from 'react';
import { Link } from 'react-router';
import { LazyMemberLevel } from '../promotions';
import { useTranslation } from '../../i18n/use-translation';
import { Avatar } from '../../components/ui/avatar';
import { UserShell } from '../../components/ui/user-shell';
import {
  ClockIcon,
  EditIcon,
  HeadsetIcon,
  KeyIcon,
  ListIcon,
  LockIcon,
  ReceiptIcon,
  WalletIcon,
} from '../../components/ui/icons';
import { LoadingRegion, Skeleton } from '../../components/ui/skeleton';
import { CURRENCY_SYMBOL } from '@shop/domain/locale';
import { formatMoney } from '../../lib/format';
import { useUserStore } from '../../stores/user';

export function UserCenterPage() {
  const { t } = useTranslation();
  const info = useUserStore((s) => s.info);
  const loaded = useUserStore((s) => s.loaded);
  const name = info.nickname || info.name || t('user.defaultName');

  const shortcuts = [
    { to: '/user/order?status=pending_payment', icon: ClockIcon, label: t('orders.status.pending_payment') },
    { to: '/user/order', icon: ReceiptIcon, label: t('nav.orders') },
    { to: '/user/order/card', icon: KeyIcon, label: t('nav.orderCard') },
    { to: '/user/asset/wallet', icon: WalletIcon, label: t('nav.wallet') },
    { to: '/user/asset/log', icon: ListIcon, label: t('nav.assetLog') },
    { to: '/user/support', icon: HeadsetIcon, label: t('nav.support') },
    { to: '/user/update', icon: EditIcon, label: t('nav.profile') },
    { to: '/user/password', icon: LockIcon, label: t('nav.password') },
  ];

  return (
    <UserShell title={t('pages.userCenter.heading')} home>
      <section className="card flex flex-col gap-5 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        {loaded ? (
          <div className="flex items-center gap-4">
            <Avatar src={info.avatar} name={name} size={64} />
            <div className="min-w-0">
              <p className="truncate text-lg font-bold text-stone-900">{name}</p>
              <p className="truncate text-sm text-stone-600">{info.email || info.phone}</p>
            </div>
          </div>
        ) : (
          <LoadingRegion className="flex items-center gap-4">
            <Skeleton className="size-16 rounded-full" />
            <div className="space-y-2">
              <Skeleton className="h-5 w-32" />
              <Skeleton className="h-3.5 w-44" />
            </div>
          </LoadingRegion>
        )}
        <div className="rounded-xl bg-brand-50 px-5 py-4 sm:min-w-56">
          <p className="text-xs text-stone-700">{t('user.balance')}</p>
          <p className="mt-1 text-2xl font-bold text-brand-800">
            {/* The balance is kept in CNY (contract `userInfo.balance`), whatever the display currency. */}
            {loaded ? formatMoney(info.balance, 'CNY') : `${CURRENCY_SYMBOL.CNY}—`}
          </p>
          <Link
            to="/user/asset/wallet"
            className="mt-1 inline-block text-sm font-medium text-brand-700 hover:underline"
          >
            {t('wallet.manage')}
          </Link>
        </div>
      </section>

      {/* Issue 31: the member level and the way to the next, a chunk of its own (budget). */}
      {loaded ? (
        <Suspense fallback={<LevelSkeleton />}>
          <LazyMemberLevel info={info} />
        </Suspense>
      ) : (
        <LevelSkeleton />
      )}

      <section aria-labelledby="user-shortcuts" className="card mt-6 p-5 sm:p-6">
        <h2 id="user-shortcuts" className="text-base font-semibold text-stone-900">
          {t('user.shortcuts')}
        </h2>
        <ul className="mt-4 grid grid-cols-4 gap-2 sm:gap-3 xl:grid-cols-8">
          {shortcuts.map(({ to, icon: Icon, label }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex flex-col items-center gap-2 rounded-xl p-3 text-center text-xs text-stone-700 hover:bg-stone-50 hover:text-brand-700 sm:text-sm"
              >
                <span className="flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  <Icon size={22} />
                </span>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </UserShell>
  );
}

function LevelSkeleton() {
  return (
    <LoadingRegion className="card mt-6 space-y-3 p-5 sm:p-6">
      <Skeleton className="h-5 w-28" />
      <Skeleton className="h-7 w-24 rounded-full" />
      <Skeleton className="h-2.5 w-full rounded-full" />
    </LoadingRegion>
  );
}

// The page of routes/user-wallet.tsx, fetched by its clientLoader next to its data (lib/deferred.ts):
// not part of the page's first load (issue 16).
import { useEffect } from 'react';
import { CURRENCY_SYMBOL } from '@shop/domain/locale';
import { Link, useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import type { Route } from '../../routes/+types/user-wallet';
import { UserShell } from '../../components/ui/user-shell';
import { EmptyState } from '../../components/ui/empty-state';
import { ChevronRightIcon, ListIcon, WalletIcon } from '../../components/ui/icons';
import { LedgerList, LedgerLoadFailed, LedgerSkeleton } from './ledger-list';
import { RechargeForm, ReturnedRecharge } from '../payment';
import { formatMoney } from '../../lib/format';
import { message } from '../../lib/toast';
import { useUserStore } from '../../stores/user';
import { loadedData, loadFailed } from '../../lib/signed-in-data';

const refreshInfo = () =>
  void useUserStore
    .getState()
    .fetchInfo()
    .catch(() => undefined);

/**
 * The wallet (issue 6): the balance, a top-up by Alipay or WeChat Pay, and the latest ledger
 * entries. Behind the login guard, so it renders in the browser only.
 */
export default function WalletPage({ loaderData: recent }: Route.ComponentProps) {
  const { t } = useTranslation();
  const info = useUserStore((s) => s.info);
  const loaded = useUserStore((s) => s.loaded);
  const { revalidate } = useRevalidator();
  const entries = loadedData(recent)?.list;

  // Back from Alipay (or any visit): the balance as it is now, not as this tab last saw it.
  useEffect(refreshInfo, []);

  function paid(amount: string) {
    message.success(t('wallet.success', { amount: formatMoney(amount, 'CNY') }));
    refreshInfo();
    // The top-up is the newest ledger entry now.
    void revalidate();
  }

  return (
    <UserShell title={t('pages.wallet.heading')}>
      <section className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-800 to-brand-600 p-6 text-white shadow-sm sm:p-8">
        <WalletIcon size={120} className="absolute -right-4 -bottom-6 text-white/10" />
        <p className="text-sm text-white/85">{t('user.balance')}</p>
        <p className="mt-2 text-4xl font-extrabold tracking-tight" data-testid="wallet-balance">
          {/* The wallet is kept in CNY whatever the display currency (ARCHITECTURE.md §5). */}
          {loaded ? formatMoney(info.balance, 'CNY') : `${CURRENCY_SYMBOL.CNY}—`}
        </p>
        <div className="relative mt-6 flex flex-wrap gap-3">
          <a href="#recharge" className="btn h-10 bg-white px-5 text-brand-800 hover:bg-brand-50">
            {t('wallet.recharge')}
          </a>
          <Link
            to="/user/asset/log"
            className="btn h-10 px-5 text-white ring-1 ring-white/60 hover:bg-white/10"
          >
            {t('nav.assetLog')}
          </Link>
        </div>
      </section>

      <ReturnedRecharge onPaid={paid} />

      <div className="mt-6">
        <RechargeForm onPaid={paid} />
      </div>

      <section aria-labelledby="wallet-recent" className="card mt-6">
        <div className="flex items-center justify-between gap-4 border-b border-stone-100 px-4 py-3.5 sm:px-5">
          <h2 id="wallet-recent" className="text-base font-semibold text-stone-900">
            {t('wallet.recent')}
          </h2>
          <Link
            to="/user/asset/log"
            className="flex items-center gap-0.5 text-sm font-medium text-brand-700 hover:underline"
          >
            {t('wallet.viewAll')}
            <ChevronRightIcon size={14} />
          </Link>
        </div>
        {loadFailed(recent) ? (
          <LedgerLoadFailed onRetry={() => void revalidate()} />
        ) : !entries ? (
          <LedgerSkeleton rows={3} />
        ) : entries.length === 0 ? (
          <EmptyState
            icon={<ListIcon size={28} />}
            title={t('assetLog.emptyTitle')}
            description={t('assetLog.emptyText')}
          />
        ) : (
          <LedgerList entries={entries} label={t('wallet.recent')} />
        )}
      </section>
    </UserShell>
  );
}

import { CURRENCY_SYMBOL } from '@shop/domain/locale';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/user-wallet';
import { UserShell } from '../components/user/user-shell';
import { WalletIcon } from '../components/ui/icons';
import { pageMeta, type PageHandle } from '../lib/meta';
import { useSiteConfig } from '../lib/root-data';
import { useUserStore } from '../stores/user';

export const handle = { page: 'wallet' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'wallet');

export default function WalletPage() {
  const { t } = useTranslation();
  const info = useUserStore((s) => s.info);
  const loaded = useUserStore((s) => s.loaded);
  const config = useSiteConfig();
  // SPEC §3: wallet recharge methods follow the balance_* switches.
  const methods = [
    config.balance_alipay_switch ? t('payment.alipay') : null,
    config.balance_wechat_switch ? t('payment.wechat') : null,
  ].filter((m): m is string => m !== null);

  return (
    <UserShell title={t('pages.wallet.heading')}>
      <section className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-800 to-brand-600 p-6 text-white shadow-sm sm:p-8">
        <WalletIcon size={120} className="absolute -right-4 -bottom-6 text-white/10" />
        <p className="text-sm text-white/85">{t('user.balance')}</p>
        <p className="mt-2 text-4xl font-extrabold tracking-tight">
          {/* The wallet is kept in CNY whatever the display currency (ARCHITECTURE.md §5). */}
          {CURRENCY_SYMBOL.CNY}
          {loaded ? info.balance : '—'}
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <button type="button" disabled className="btn h-10 bg-white px-5 text-brand-800">
            {t('wallet.recharge')}
          </button>
          <Link
            to="/user/asset/log"
            className="btn h-10 px-5 text-white ring-1 ring-white/60 hover:bg-white/10"
          >
            {t('nav.assetLog')}
          </Link>
        </div>
      </section>
      <section aria-labelledby="wallet-methods" className="card mt-6 p-5 sm:p-6">
        <h2 id="wallet-methods" className="text-base font-semibold text-stone-900">
          {t('wallet.methods')}
        </h2>
        <p className="mt-2 text-sm text-stone-600">
          {methods.length ? methods.join(' · ') : t('wallet.noMethods')}
        </p>
        <p className="mt-4 rounded-lg bg-stone-50 px-4 py-3 text-sm text-stone-600">
          {t('wallet.rechargeSoon')}
        </p>
      </section>
    </UserShell>
  );
}

import { useEffect, useState } from 'react';
import { endpoints } from '@shop/contract/endpoints';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import { message } from '../../lib/toast';
import { CloseIcon } from '../../components/ui/icons';
import { accountLabel, type RecentAccount, usableAccounts } from './player-gate';

const ignore = () => undefined; // failures already showed their pop-up (lib/http.ts)

/**
 * The buyer's saved game accounts for one goods (issue 12): loaded when a logged-in buyer opens a
 * direct top-up, forgotten one at a time. `owner` (the token) keeps one buyer's list from showing
 * to the next one on a shared browser.
 */
export function useRecentAccounts(
  goods: { id: number; servers: ReadonlyArray<{ id: number }> },
  owner: string,
) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<{ key: string; list: RecentAccount[] }>({ key: '', list: [] });
  const key = owner ? `${owner}:${goods.id}` : '';

  useEffect(() => {
    if (!key) return;
    let live = true;
    api
      .call(endpoints.playerRecent, { goods_id: goods.id })
      .then((data) => {
        if (live) setLoaded({ key, list: Array.isArray(data?.list) ? data.list : [] });
      })
      .catch(ignore);
    return () => {
      live = false;
    };
  }, [key, goods.id]);

  const accounts = key && loaded.key === key ? usableAccounts(loaded.list, goods) : [];

  async function forget(account: RecentAccount): Promise<void> {
    await api.call(endpoints.playerRecentRemove, { id: account.id });
    setLoaded((current) => ({ ...current, list: current.list.filter((a) => a.id !== account.id) }));
    message.success(t('topUp.forgotten'));
  }

  return { accounts, forget };
}

/** One-tap chips "player id · server · nickname", each with a forget (×) button. */
export function RecentAccounts({
  accounts,
  selectedId,
  onUse,
  onForget,
}: {
  accounts: RecentAccount[];
  /** The saved account now in the fields, if any. */
  selectedId: number | null;
  onUse: (account: RecentAccount) => void;
  onForget: (account: RecentAccount) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState<number | null>(null);
  if (!accounts.length) return null;
  return (
    <div data-testid="recent-accounts">
      <p id="recent-accounts-title" className="mb-1.5 text-xs font-medium text-stone-600">
        {t('topUp.recent')}
      </p>
      <ul aria-labelledby="recent-accounts-title" className="flex flex-wrap gap-2">
        {accounts.map((account) => {
          const label = accountLabel(account);
          const selected = account.id === selectedId;
          return (
            <li
              key={account.id}
              className={`inline-flex max-w-full items-center rounded-full border text-sm transition-colors ${
                selected
                  ? 'border-brand-700 bg-brand-50 text-brand-900 ring-1 ring-brand-700'
                  : 'border-stone-300 bg-white text-stone-800 hover:border-brand-700'
              }`}
            >
              <button
                type="button"
                aria-pressed={selected}
                onClick={() => onUse(account)}
                className="min-w-0 truncate rounded-l-full py-1.5 pr-1 pl-3 text-left"
                title={label}
              >
                {label}
              </button>
              <button
                type="button"
                aria-label={t('topUp.forget', { account: label })}
                title={t('topUp.forget', { account: label })}
                disabled={removing === account.id}
                onClick={() => {
                  setRemoving(account.id);
                  onForget(account)
                    .catch(ignore)
                    .finally(() => setRemoving(null));
                }}
                className="mr-0.5 flex size-8 shrink-0 items-center justify-center rounded-full text-stone-500 hover:bg-stone-200 hover:text-red-700 disabled:opacity-50"
              >
                <CloseIcon size={14} />
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

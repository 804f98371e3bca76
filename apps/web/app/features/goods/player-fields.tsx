import { type Ref, useRef } from 'react';
import { PLAYER_ID_MAX_LENGTH } from '@shop/domain/constants';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api';
import type { GoodsDetail } from '../../lib/catalog';
import { isApiError } from '../../lib/http';
import { Field } from '../../components/ui/field';
import { checkFromAccount, checkPassed, type PlayerDraft, type RecentAccount } from './player-gate';
import { checkPlayer } from './player-check';
import { PlayerHint } from './player-hint';
import { PlayerResult, type PlayerCheck } from './player-result';
import { RecentAccounts } from './recent-accounts';
import { ServerSelect } from './server-select';

/** The name of the player id input, for the page to focus it (after a login, issue 12). */
export const PLAYER_ID_FIELD = 'player_id';

/**
 * Direct top-up (recharge_type 2): the server and player id, with a check of the player, the
 * buyer's saved accounts and the goods' hint on where to find the id. The page holds the values,
 * as adding to the cart sends them, and the check, as it gates the buttons.
 */
export function PlayerFields({
  ref,
  goods,
  value,
  onChange,
  check,
  onCheck: setCheck,
  accounts,
  onForget,
}: {
  ref?: Ref<HTMLFieldSetElement>;
  goods: GoodsDetail;
  value: PlayerDraft;
  onChange: (value: PlayerDraft) => void;
  check: PlayerCheck;
  onCheck: (check: PlayerCheck) => void;
  accounts: RecentAccount[];
  onForget: (account: RecentAccount) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { serverId, playerId } = value;
  const attempt = useRef(0);

  /** A changed server or id needs a new check: an answer still on its way is ignored. */
  const edit = (next: PlayerDraft) => {
    attempt.current++;
    onChange(next);
    setCheck({ status: 'idle' });
  };

  async function runCheck() {
    const player = playerId.trim();
    if (!serverId || !player) {
      setCheck({ status: 'missing', message: t('player.fillBoth') });
      return;
    }
    const current = ++attempt.current;
    setCheck({ status: 'checking' });
    try {
      // A player that does not exist answers code 404: the shared client also shows its message
      // as the error pop-up (SPEC §8).
      const check = await checkPlayer(api, { goods_id: goods.id, server_id: serverId, player_id: player });
      if (current === attempt.current) setCheck(check);
    } catch (error) {
      if (current !== attempt.current) return;
      setCheck({ status: 'missing', message: isApiError(error) ? error.msg : t('errors.network') });
    }
  }

  // One tap on a saved account fills both fields and counts as checked: the buyer confirmed this
  // nickname when they bought for it, and the server checks the player again on every order.
  const use = (account: RecentAccount) => {
    attempt.current++;
    onChange({ serverId: String(account.server_id), playerId: account.player_id });
    setCheck(checkFromAccount(account));
  };
  const selected = checkPassed(check, value)
    ? (accounts.find((a) => String(a.server_id) === serverId && a.player_id === playerId.trim())?.id ?? null)
    : null;

  return (
    <fieldset ref={ref} className="min-w-0 space-y-3">
      <legend className="mb-2 text-sm font-medium text-stone-800">{t('player.account')}</legend>
      <RecentAccounts accounts={accounts} selectedId={selected} onUse={use} onForget={onForget} />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <ServerSelect
          id="goods-server"
          servers={goods.servers}
          value={serverId}
          onChange={(e) => edit({ ...value, serverId: e.target.value })}
        />
        <Field
          label={t('player.playerId')}
          name={PLAYER_ID_FIELD}
          value={playerId}
          required
          autoComplete="off"
          maxLength={PLAYER_ID_MAX_LENGTH}
          placeholder={t('player.playerIdPlaceholder')}
          onChange={(e) => edit({ ...value, playerId: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void runCheck();
            }
          }}
          trailing={
            <button
              type="button"
              onClick={() => void runCheck()}
              disabled={check.status === 'checking'}
              aria-busy={check.status === 'checking' || undefined}
              className="btn-outline h-11 shrink-0"
            >
              {check.status === 'checking' ? t('player.checking') : t('player.checkPlayer')}
            </button>
          }
        />
      </div>
      <PlayerResult check={check} confirm />
      {goods.player_hint ? <PlayerHint hint={goods.player_hint} /> : null}
    </fieldset>
  );
}

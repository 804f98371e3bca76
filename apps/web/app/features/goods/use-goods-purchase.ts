// The purchase on the goods page: for a direct top-up the player fields (what was typed, its check,
// the buyer's saved accounts), and Add to cart / Buy now, which wait for a passed check and go on
// after a login (issue 12, decision 033).
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { type CartAddRequest, payloadItem } from '../../lib/cart-actions';
import { DIRECT_TOP_UP, type GoodsDetail } from '../../lib/catalog';
import { newIdempotencyKey } from '../../lib/checkout';
import { cartAddItem, type GoodsOption } from '../../lib/goods-options';
import { CHECKOUT_PATH } from '../../lib/order';
import { orderApi } from '../order';
import { type PlayerDraft, purchaseGated } from './player-gate';
import { message } from '../../lib/toast';
import { useCartStore } from '../../stores/cart';
import { useUiStore } from '../../stores/ui';
import { useUserStore } from '../../stores/user';
import { PLAYER_ID_FIELD, type PlayerFields } from './player-fields';
import type { PlayerCheck } from './player-result';
import type { PurchaseKind } from './purchase-bar';
import { useRecentAccounts } from './recent-accounts';

/**
 * `player`: the props of <PlayerFields> (direct top-ups only); `gated`, `busy` and `run`: those of
 * <PurchaseBar>.
 */
export function useGoodsPurchase({
  goods,
  selected,
  quantity,
}: {
  goods: GoodsDetail;
  selected: GoodsOption | undefined;
  quantity: number;
}) {
  const { t } = useTranslation();
  const direct = goods.recharge_type === DIRECT_TOP_UP;
  const [player, setPlayer] = useState<PlayerDraft>({ serverId: '', playerId: '' });
  const [check, setCheck] = useState<PlayerCheck>({ status: 'idle' });
  const token = useUserStore((s) => s.token);
  const loggedIn = Boolean(token);
  const gated = purchaseGated({ direct, loggedIn, check, draft: player });
  const recent = useRecentAccounts(goods, direct ? token : '');
  const addToCart = useCartStore((s) => s.add);
  const navigate = useNavigate();
  const playerFields = useRef<HTMLFieldSetElement>(null);
  const [busy, setBusy] = useState<PurchaseKind | null>(null);

  /** The chosen option, quantity and, for a direct top-up, the player; null when they are missing. */
  function chosenItem(): CartAddRequest | null {
    if (!selected) return null;
    const server = direct ? goods.servers.find((s) => String(s.id) === player.serverId) : undefined;
    const playerId = player.playerId.trim();
    // Logged out, the login dialog comes first (SPEC §4); the fields can wait.
    if (direct && loggedIn && (!server || !playerId)) {
      setCheck({ status: 'missing', message: t('player.fillBoth') });
      return null;
    }
    const playerFields = direct
      ? { player_id: playerId, server_id: server?.id ?? 0, server: server?.name ?? '' }
      : undefined;
    return {
      ...cartAddItem(goods, selected, quantity, playerFields),
      spec_type: goods.spec_type,
      recharge_type: goods.recharge_type,
    };
  }

  /** Back from the login dialog (issue 12): go on with the action, or ask for the player first. */
  const resume = useRef<(kind: PurchaseKind) => void>(() => undefined);
  const afterLogin = (kind: PurchaseKind) => () => resume.current(kind);

  /** SPEC §4 "Cart add" (the store opens the login dialog when logged out). */
  async function add(): Promise<void> {
    const item = chosenItem();
    if (item) await addToCart(item, afterLogin('add'));
  }

  /**
   * Buy now: an order of just this item (issue 6), then its checkout. Like adding to the cart it
   * needs a login: logged out, the login dialog opens with 请先登录 (SPEC §4), and the purchase goes
   * on after the login (issue 12).
   */
  async function buyNow(): Promise<void> {
    if (!useUserStore.getState().token) {
      useUiStore.getState().requireLogin(afterLogin('buy'));
      message.warning(t('cart.loginFirst'));
      return;
    }
    const item = chosenItem();
    if (!item) return;
    const { oid } = await orderApi.create({ items: [payloadItem(item)] }, newIdempotencyKey());
    await navigate(CHECKOUT_PATH(oid));
  }

  function run(kind: PurchaseKind) {
    setBusy(kind);
    // Failures already showed their pop-up (lib/http.ts).
    (kind === 'add' ? add() : buyNow()).catch(() => undefined).finally(() => setBusy(null));
  }

  // The resumed action sees this render's choices (the dialog was open above them meanwhile).
  useEffect(() => {
    resume.current = (kind) => {
      if (!purchaseGated({ direct, loggedIn: true, check, draft: player })) {
        run(kind);
        return;
      }
      // A top-up whose player was not checked yet: the field that is missing, then the check.
      const fields = playerFields.current;
      const target =
        (player.serverId ? null : fields?.querySelector<HTMLSelectElement>('select')) ??
        fields?.querySelector<HTMLInputElement>(`input[name="${PLAYER_ID_FIELD}"]`);
      target?.focus();
    };
  });

  const fields: Parameters<typeof PlayerFields>[0] = {
    ref: playerFields,
    goods,
    value: player,
    onChange: setPlayer,
    check,
    onCheck: setCheck,
    accounts: recent.accounts,
    onForget: recent.forget,
  };
  return { player: fields, gated, busy, run };
}

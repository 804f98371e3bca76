import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_CART_QUANTITY, PLAYER_ID_MAX_LENGTH } from '@shop/domain/constants';
import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/goods-detail';
import { Gallery } from '../components/goods/gallery';
import { OptionPicker } from '../components/goods/option-picker';
import { PlayerResult, type PlayerCheck } from '../components/goods/player-result';
import { Price } from '../components/goods/price';
import { QuantityStepper } from '../components/goods/quantity-stepper';
import { RechargeBadge } from '../components/goods/recharge-badge';
import { ServerSelect } from '../components/goods/server-select';
import { Field } from '../components/ui/field';
import { BoltIcon, CartIcon } from '../components/ui/icons';
import { Breadcrumb, PageContainer } from '../components/ui/page-header';
import { api } from '../lib/api';
import {
  CATEGORY_PATH,
  categoryPath,
  type CategoryNode,
  DIRECT_TOP_UP,
  GOODS_PATH,
  paragraphs,
  type GoodsDetail,
  type PlayerInfo,
} from '../lib/catalog';
import { catalogApi, orNotFound } from '../lib/catalog.server';
import {
  cartAddItem,
  clampQuantity,
  defaultOption,
  goodsOptions,
  hasDiscount,
  lineTotal,
  quantityLimit,
} from '../lib/goods-options';
import { type CartAddRequest, payloadItem } from '../lib/cart-actions';
import { isApiError } from '../lib/http';
import { metaT, pageMeta, type PageHandle } from '../lib/meta';
import { message } from '../lib/notify';
import { CHECKOUT_PATH, newIdempotencyKey } from '../lib/order';
import { orderApi } from '../lib/order-api';
import { requireNumericId } from '../lib/params';
import { useCartStore } from '../stores/cart';
import { useUiStore } from '../stores/ui';
import { useUserStore } from '../stores/user';

export const handle = { page: 'goods' } satisfies PageHandle;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = requireNumericId(params.id);
  const { http } = catalogApi(request, context);
  const [goods, tree] = await Promise.all([
    orNotFound(http.get<GoodsDetail>('/api/front/goods/detail', { id })),
    // Only for the parents in the breadcrumb.
    http.get<CategoryNode[]>('/api/front/category/list').catch((): CategoryNode[] => []),
  ]);
  const path = categoryPath(tree, goods.category.id);
  const crumbs = (path.length ? path : [goods.category]).map((c) => ({ id: c.id, name: c.name }));
  return { goods, crumbs };
}

export const meta: Route.MetaFunction = (args) => {
  const goods = args.loaderData?.goods;
  if (!goods) return pageMeta(args, 'goods');
  const summary = paragraphs(goods.description)[0] ?? '';
  return pageMeta(args, 'goods', {
    title: goods.name,
    description:
      [goods.subtitle, summary].filter(Boolean).join(metaT(args)('common.sentenceSeparator')) || undefined,
    image: goods.image,
    type: 'product',
    path: GOODS_PATH(goods.id),
  });
};

export default function GoodsDetailPage({ loaderData }: Route.ComponentProps) {
  // A new goods starts with a fresh selection (client-side navigation reuses this component).
  return <GoodsView key={loaderData.goods.id} goods={loaderData.goods} crumbs={loaderData.crumbs} />;
}

function GoodsView({ goods, crumbs }: { goods: GoodsDetail; crumbs: Array<{ id: number; name: string }> }) {
  const { t } = useTranslation();
  const options = goodsOptions(goods);
  const [selectedKey, setSelectedKey] = useState(() => defaultOption(options)?.key);
  const selected = options.find((o) => o.key === selectedKey);
  const limit = quantityLimit(goods.max_quantity, selected);
  const [rawQuantity, setQuantity] = useState(DEFAULT_CART_QUANTITY);
  const quantity = clampQuantity(rawQuantity, limit);
  const available = goods.in_stock && defaultOption(options) !== undefined;
  const total = selected ? lineTotal(selected.price, quantity, goods.currency) : undefined;
  const price = selected?.price ?? goods.price;
  const original = selected?.original_price ?? null;
  const images = [...new Set([goods.image, ...goods.images].filter(Boolean))];
  const direct = goods.recharge_type === DIRECT_TOP_UP;
  const [player, setPlayer] = useState<PlayerDraft>({ serverId: '', playerId: '' });
  const [check, setCheck] = useState<PlayerCheck>({ status: 'idle' });
  const loggedIn = useUserStore((s) => Boolean(s.token));
  const addToCart = useCartStore((s) => s.add);
  const navigate = useNavigate();

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

  /** SPEC §4 "Cart add" (the store opens the login dialog when logged out). */
  async function add(): Promise<void> {
    const item = chosenItem();
    if (item) await addToCart(item);
  }

  /**
   * Buy now: an order of just this item (issue 6), then its checkout. Like adding to the cart it
   * needs a login: logged out, the login dialog opens with 请先登录 (SPEC §4).
   */
  async function buyNow(): Promise<void> {
    if (!useUserStore.getState().token) {
      useUiStore.getState().showLogin();
      message.warning(t('cart.loginFirst'));
      return;
    }
    const item = chosenItem();
    if (!item) return;
    const { oid } = await orderApi.create({ items: [payloadItem(item)] }, newIdempotencyKey());
    await navigate(CHECKOUT_PATH(oid));
  }

  return (
    <PageContainer>
      <Breadcrumb
        className="mb-4"
        crumbs={[...crumbs.map((c) => ({ label: c.name, to: CATEGORY_PATH(c.id) })), { label: goods.name }]}
      />
      <div className="card grid gap-6 p-4 sm:p-6 md:grid-cols-2 lg:gap-10 lg:p-8">
        <Gallery images={images} name={goods.name} />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <RechargeBadge type={goods.recharge_type} />
            {!available ? (
              <span className="rounded-md bg-stone-800 px-1.5 py-0.5 text-[11px] leading-4 font-semibold text-white">
                {t('goods.soldOut')}
              </span>
            ) : null}
          </div>
          <h1 className="mt-2 text-xl font-bold tracking-tight text-stone-900 sm:text-2xl">{goods.name}</h1>
          {goods.subtitle ? <p className="mt-1 text-sm text-stone-600">{goods.subtitle}</p> : null}

          <div className="mt-4 flex flex-wrap items-end justify-between gap-2 rounded-xl bg-brand-50 px-4 py-3">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="sr-only">{t('goods.price')}</span>
              <Price
                value={price}
                currency={goods.currency}
                className="text-3xl font-extrabold text-brand-700"
              />
              {!selected && options.length > 1 ? (
                <span className="text-sm text-brand-800">{t('goods.priceFrom')}</span>
              ) : null}
              {original && hasDiscount(price, original, goods.currency) ? (
                <span className="text-sm text-stone-600">
                  <span className="sr-only">{t('goods.originalPrice')}</span>
                  <Price value={original} currency={goods.currency} strike />
                </span>
              ) : null}
            </p>
            <p className="text-xs text-stone-600">{t('goods.sold', { count: goods.sales })}</p>
          </div>

          <form className="mt-5 space-y-5" onSubmit={(e) => e.preventDefault()} noValidate>
            {options.length ? (
              <OptionPicker
                legend={goods.spec_type === 2 ? t('goods.faceValue') : t('goods.spec')}
                name={`goods-${goods.id}-option`}
                options={options}
                value={selectedKey}
                currency={goods.currency}
                onChange={setSelectedKey}
              />
            ) : null}
            {direct ? (
              <PlayerFields
                goods={goods}
                value={player}
                onChange={setPlayer}
                check={check}
                onCheck={setCheck}
              />
            ) : null}
            <QuantityStepper value={quantity} max={limit} disabled={!selected} onChange={setQuantity} />
            {total ? (
              <p className="flex items-baseline gap-2 text-sm text-stone-700" aria-live="polite">
                {t('goods.total')}
                <Price value={total} currency={goods.currency} className="text-lg font-bold text-stone-900" />
              </p>
            ) : null}
            <PurchaseButtons disabled={!available || !selected} onAdd={add} onBuyNow={buyNow} />
          </form>
          <p className="mt-4 flex items-center gap-1.5 text-xs text-stone-600">
            <BoltIcon size={14} className="text-brand-700" />
            {t(`goods.delivery.${goods.recharge_type}`)}
          </p>
        </div>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <TextSection title={t('goods.description')} text={goods.description} className="lg:col-span-2" />
        <TextSection title={t('goods.instructions')} text={goods.instructions} />
      </div>
    </PageContainer>
  );
}

function TextSection({ title, text, className = '' }: { title: string; text: string; className?: string }) {
  const parts = paragraphs(text);
  if (!parts.length) return null;
  return (
    <section className={`card p-5 sm:p-6 ${className}`}>
      <h2 className="text-base font-bold text-stone-900">{title}</h2>
      <div className="mt-3 space-y-3 text-sm leading-7 whitespace-pre-line text-stone-700">
        {parts.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
    </section>
  );
}

interface PlayerDraft {
  serverId: string;
  playerId: string;
}

/**
 * Direct top-up (recharge_type 2): the server and player id, with a check of the player. The page
 * holds the values, as adding to the cart sends them.
 */
function PlayerFields({
  goods,
  value,
  onChange,
  check,
  onCheck: setCheck,
}: {
  goods: GoodsDetail;
  value: PlayerDraft;
  onChange: (value: PlayerDraft) => void;
  check: PlayerCheck;
  onCheck: (check: PlayerCheck) => void;
}) {
  const { t } = useTranslation();
  const { serverId, playerId } = value;
  const attempt = useRef(0);

  const reset = () => {
    attempt.current++;
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
      const info = await api.get<PlayerInfo>('/api/front/goods/player', {
        goods_id: goods.id,
        server_id: serverId,
        player_id: player,
      });
      if (current === attempt.current) setCheck({ status: 'found', info });
    } catch (error) {
      if (current !== attempt.current) return;
      setCheck({ status: 'missing', message: isApiError(error) ? error.msg : t('errors.network') });
    }
  }

  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-medium text-stone-800">{t('player.account')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <ServerSelect
          id="goods-server"
          servers={goods.servers}
          value={serverId}
          onChange={(e) => {
            onChange({ ...value, serverId: e.target.value });
            reset();
          }}
        />
        <Field
          label={t('player.playerId')}
          value={playerId}
          required
          autoComplete="off"
          maxLength={PLAYER_ID_MAX_LENGTH}
          placeholder={t('player.playerIdPlaceholder')}
          onChange={(e) => {
            onChange({ ...value, playerId: e.target.value });
            reset();
          }}
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
      <PlayerResult check={check} />
    </fieldset>
  );
}

/** Add to cart and buy now; one at a time, each busy until the server answered. */
function PurchaseButtons({
  disabled,
  onAdd,
  onBuyNow,
}: {
  disabled: boolean;
  onAdd: () => Promise<void>;
  onBuyNow: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'add' | 'buy' | null>(null);
  const primary = 'btn-primary h-12 w-full text-base disabled:cursor-wait disabled:opacity-70';
  const outline =
    'btn h-12 w-full border border-brand-700 bg-white text-base text-brand-800 hover:bg-brand-50 disabled:cursor-wait disabled:opacity-70';
  const run = (kind: 'add' | 'buy', action: () => Promise<void>) => {
    setBusy(kind);
    // Failures already showed their pop-up (lib/http.ts).
    action()
      .catch(() => undefined)
      .finally(() => setBusy(null));
  };

  if (disabled)
    return (
      <div className="flex gap-3">
        <button type="button" disabled className={primary}>
          {t('goods.soldOut')}
        </button>
      </div>
    );
  return (
    <div className="flex flex-col gap-3 pt-2 sm:flex-row">
      <button
        type="button"
        className={`${outline} flex-1`}
        disabled={busy !== null}
        aria-busy={busy === 'add' || undefined}
        data-testid="add-to-cart"
        onClick={() => run('add', onAdd)}
      >
        <CartIcon size={18} />
        {busy === 'add' ? t('goods.adding') : t('goods.addToCart')}
      </button>
      <button
        type="button"
        className={`${primary} flex-1`}
        disabled={busy !== null}
        aria-busy={busy === 'buy' || undefined}
        data-testid="buy-now"
        onClick={() => run('buy', onBuyNow)}
      >
        {busy === 'buy' ? t('goods.buying') : t('goods.buyNow')}
      </button>
    </div>
  );
}

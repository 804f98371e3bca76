import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_CART_QUANTITY } from '@shop/domain/constants';
import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/goods-detail';
import { Gallery } from '../components/goods/gallery';
import { OptionPicker } from '../components/goods/option-picker';
import { PLAYER_ID_FIELD, PlayerFields } from '../components/goods/player-fields';
import { type PlayerDraft, purchaseGated } from '../components/goods/player-gate';
import { type PlayerCheck } from '../components/goods/player-result';
import { PurchaseBar, type PurchaseKind } from '../components/goods/purchase-bar';
import { Price } from '../components/goods/price';
import { QuantityStepper } from '../components/goods/quantity-stepper';
import { RechargeBadge } from '../components/goods/recharge-badge';
import { useRecentAccounts } from '../components/goods/recent-accounts';
import { ChargedCny } from '../components/order/charged-cny';
import { BoltIcon } from '../components/ui/icons';
import { Breadcrumb, PageContainer } from '../components/ui/page-header';
import {
  CATEGORY_PATH,
  categoryPath,
  type CategoryNode,
  DIRECT_TOP_UP,
  GOODS_PATH,
  paragraphs,
  type GoodsDetail,
} from '../lib/catalog';
import { catalogApi, orNotFound } from '../lib/catalog.server';
import {
  cartAddItem,
  chargedCnyFor,
  clampQuantity,
  defaultOption,
  goodsOptions,
  hasDiscount,
  lineTotal,
  quantityLimit,
} from '../lib/goods-options';
import { type CartAddRequest, payloadItem } from '../lib/cart-actions';
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
  const direct = goods.recharge_type === DIRECT_TOP_UP;
  // Issue 12: a top-up face value is bought once per line unless the goods allows more.
  const single = direct && goods.topup_quantity === false;
  const limit = single ? 1 : quantityLimit(goods.max_quantity, selected);
  const [rawQuantity, setQuantity] = useState(DEFAULT_CART_QUANTITY);
  const quantity = clampQuantity(rawQuantity, limit);
  const available = goods.in_stock && defaultOption(options) !== undefined;
  const total = selected ? lineTotal(selected.price, quantity, goods.currency) : undefined;
  const charged =
    total && goods.currency !== 'CNY' ? chargedCnyFor(total, goods.currency, goods.exchange_rate) : undefined;
  const price = selected?.price ?? goods.price;
  const original = selected?.original_price ?? null;
  const images = [...new Set([goods.image, ...goods.images].filter(Boolean))];
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

  return (
    <PageContainer>
      <Breadcrumb
        className="mb-4"
        crumbs={[...crumbs.map((c) => ({ label: c.name, to: CATEGORY_PATH(c.id) })), { label: goods.name }]}
      />
      <div className="card grid gap-6 p-4 sm:p-6 md:grid-cols-2 lg:gap-10 lg:p-8">
        {/* On a phone the choices come first and the pictures after them (issue 12). */}
        <div className="min-w-0 max-md:order-last">
          <Gallery images={images} name={goods.name} />
        </div>
        <div className="min-w-0">
          <div className="flex items-start gap-3">
            {goods.image ? (
              <img
                src={goods.image}
                alt=""
                width={56}
                height={56}
                className="size-14 shrink-0 rounded-lg bg-stone-100 object-cover md:hidden"
              />
            ) : null}
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <RechargeBadge type={goods.recharge_type} />
                {!available ? (
                  <span className="rounded-md bg-stone-800 px-1.5 py-0.5 text-[11px] leading-4 font-semibold text-white">
                    {t('goods.soldOut')}
                  </span>
                ) : null}
              </div>
              <h1 className="mt-2 text-xl font-bold tracking-tight text-stone-900 sm:text-2xl">
                {goods.name}
              </h1>
              {goods.subtitle ? <p className="mt-1 text-sm text-stone-600">{goods.subtitle}</p> : null}
            </div>
          </div>

          <div className="mt-4 flex flex-wrap items-end justify-between gap-2 rounded-xl bg-brand-50 px-4 py-3">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="sr-only">{t('goods.price')}</span>
              <Price
                value={price}
                currency={goods.currency}
                className="text-2xl font-extrabold text-brand-700 md:text-3xl"
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
                ref={playerFields}
                goods={goods}
                value={player}
                onChange={setPlayer}
                check={check}
                onCheck={setCheck}
                accounts={recent.accounts}
                onForget={recent.forget}
              />
            ) : null}
            {single ? (
              <p className="text-xs text-stone-600" data-testid="topup-once">
                {t('topUp.once')}
              </p>
            ) : (
              <QuantityStepper value={quantity} max={limit} disabled={!selected} onChange={setQuantity} />
            )}
            {total ? (
              <p className="flex items-baseline gap-2 text-sm text-stone-700" aria-live="polite">
                {t('goods.total')}
                <Price
                  value={total}
                  currency={goods.currency}
                  className="text-lg font-bold text-stone-900"
                  testId="goods-total"
                />
              </p>
            ) : null}
            {total && charged ? (
              // A USD buyer is charged CNY: what this total will charge, at today's rate (decision 031).
              <dl className="text-sm text-stone-700">
                <ChargedCny
                  currency={goods.currency}
                  totalCny={charged}
                  rate={goods.exchange_rate}
                  frozen={false}
                  testId="goods-total-cny"
                />
              </dl>
            ) : null}
          </form>
          <PurchaseBar
            soldOut={!available || !selected}
            gated={gated}
            busy={busy}
            price={total ?? price}
            currency={goods.currency}
            onRun={run}
          />
          <p className="mt-4 flex items-center gap-1.5 text-xs text-stone-600">
            <BoltIcon size={14} className="shrink-0 text-brand-700" />
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

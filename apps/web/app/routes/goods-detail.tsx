import { useState } from 'react';
import { endpoints } from '@shop/contract/endpoints';
import { DEFAULT_CART_QUANTITY } from '@shop/domain/constants';
import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/goods-detail';
import { Gallery } from '../components/goods/gallery';
import { OptionPicker } from '../components/goods/option-picker';
import { PlayerFields } from '../components/goods/player-fields';
import { PurchaseBar } from '../components/goods/purchase-bar';
import { Price } from '../components/goods/price';
import { QuantityStepper } from '../components/goods/quantity-stepper';
import { RechargeBadge } from '../components/goods/recharge-badge';
import { useGoodsPurchase } from '../components/goods/use-goods-purchase';
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
  chargedCnyFor,
  clampQuantity,
  defaultOption,
  goodsOptions,
  hasDiscount,
  lineTotal,
  quantityLimit,
} from '../lib/goods-options';
import { metaT, pageMeta, type PageHandle } from '../lib/meta';
import { requireNumericId } from '../lib/params';
import { errorMeta } from '../components/error/route-error-boundary';

export const handle = { page: 'goods' } satisfies PageHandle;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = requireNumericId(params.id);
  const { http } = catalogApi(request, context);
  const [goods, tree] = await Promise.all([
    orNotFound(http.call(endpoints.goodsDetail, { id })),
    // Only for the parents in the breadcrumb.
    http.call(endpoints.categoryList).catch((): CategoryNode[] => []),
  ]);
  const path = categoryPath(tree, goods.category.id);
  const crumbs = (path.length ? path : [goods.category]).map((c) => ({ id: c.id, name: c.name }));
  return { goods, crumbs };
}

export { RouteErrorBoundary as ErrorBoundary } from '../components/error/route-error-boundary';
export const meta: Route.MetaFunction = (args) => {
  const error = errorMeta(args);
  if (error) return error;
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
  const purchase = useGoodsPurchase({ goods, selected, quantity });

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
            {direct ? <PlayerFields {...purchase.player} /> : null}
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
            gated={purchase.gated}
            busy={purchase.busy}
            price={total ?? price}
            currency={goods.currency}
            onRun={purchase.run}
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

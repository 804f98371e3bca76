import { useTranslation } from '../../i18n/use-translation';
import type { Route } from '../../routes/+types/goods-detail';
import { Gallery } from './gallery';
import { RechargeBadge } from './recharge-badge';
import { BoltIcon } from '../../components/ui/icons';
import { Breadcrumb, PageContainer } from '../../components/ui/page-header';
import { CATEGORY_PATH, paragraphs, type GoodsDetail } from '../../lib/catalog';
import { defaultOption, goodsOptions } from '../../lib/goods-options';
import { lazyPart } from '../../lib/lazy-part';

// The price, choices and buttons (and what buying needs: the cart, orders, the player check) are a
// chunk of their own, rendered in full by the server (lib/lazy-part.ts): the page's first load is
// what shows it; the purchase code arrives next to hydration.
export const purchase = lazyPart(() => import('./goods-purchase').then((m) => m.default));

export function GoodsPage({ loaderData }: Route.ComponentProps) {
  // A new goods starts with a fresh selection (client-side navigation reuses this component).
  return <GoodsView key={loaderData.goods.id} goods={loaderData.goods} crumbs={loaderData.crumbs} />;
}

function GoodsView({ goods, crumbs }: { goods: GoodsDetail; crumbs: Array<{ id: number; name: string }> }) {
  const { t } = useTranslation();
  const available = goods.in_stock && defaultOption(goodsOptions(goods)) !== undefined;
  const images = [...new Set([goods.image, ...goods.images].filter(Boolean))];

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
          <purchase.Component goods={goods} />
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

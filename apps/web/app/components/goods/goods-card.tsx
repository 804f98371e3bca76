import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { GOODS_PATH, type GoodsCard as Goods } from '../../lib/catalog';
import { Price } from './price';
import { RechargeBadge } from './recharge-badge';

/**
 * One goods in a list: image, name, subtitle, lowest price, sales, delivery badge, sold out.
 * The name is the link; it stretches over the whole card.
 */
export function GoodsCard({ goods, eager = false }: { goods: Goods; eager?: boolean }) {
  const { t } = useTranslation();
  const soldOut = !goods.in_stock;
  return (
    <article className="group card relative flex h-full flex-col overflow-hidden transition-shadow hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-700 has-[a:focus-visible]:ring-offset-2">
      <div className="relative aspect-square overflow-hidden bg-stone-100">
        <img
          src={goods.image}
          alt=""
          width={320}
          height={320}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className={`size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none ${soldOut ? 'opacity-60 grayscale' : ''}`}
        />
        <RechargeBadge type={goods.recharge_type} className="absolute top-2 left-2 shadow-sm" />
        {soldOut ? (
          <span className="absolute inset-x-0 bottom-0 bg-stone-900/75 py-1 text-center text-xs font-semibold text-white">
            {t('goods.soldOut')}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-3">
        <h3 className="line-clamp-2 text-sm leading-5 font-medium text-stone-900">
          <Link
            to={GOODS_PATH(goods.id)}
            className="outline-hidden after:absolute after:inset-0 after:content-[''] group-hover:text-brand-800"
          >
            {goods.name}
          </Link>
        </h3>
        {goods.subtitle ? (
          <p className="mt-0.5 line-clamp-1 text-xs text-stone-600">{goods.subtitle}</p>
        ) : null}
        <div className="mt-auto flex items-baseline justify-between gap-2 pt-2">
          <Price
            value={goods.price}
            currency={goods.currency}
            className="text-base font-bold text-brand-700"
          />
          <span className="truncate text-xs text-stone-600">{t('goods.sold', { count: goods.sales })}</span>
        </div>
      </div>
    </article>
  );
}

/** Goods cards in a responsive grid. The first `eagerCount` images load at once (above the fold). */
export function GoodsGrid({
  goods,
  eagerCount = 0,
  className = '',
}: {
  goods: Goods[];
  eagerCount?: number;
  className?: string;
}) {
  return (
    <ul
      className={`grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5 ${className}`}
    >
      {goods.map((item, i) => (
        <li key={item.id}>
          <GoodsCard goods={item} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

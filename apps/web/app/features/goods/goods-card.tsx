import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { GOODS_PATH, type GoodsCard as Goods } from '../../lib/catalog';
import { Price } from '../../components/ui/price';
import { RechargeBadge } from './recharge-badge';

type OpenGoods = (event: MouseEvent<HTMLAnchorElement>) => void;

/**
 * The click handler of the cards' links: a plain click navigates in the app as a `<Link>` would; a
 * modified or middle click is the browser's (new tab, window). One per list instead of a `<Link>`
 * per card: a home page renders 18 cards and each `<Link>` resolves its path and runs its own hooks
 * on every server render (issue 16).
 */
export function useOpenGoods(): OpenGoods {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.altKey ||
        event.ctrlKey ||
        event.shiftKey
      ) {
        return;
      }
      event.preventDefault();
      void navigate(event.currentTarget.getAttribute('href') ?? '/');
    },
    [navigate],
  );
}

/**
 * One goods in a list: image, name, subtitle, lowest price, sales, delivery badge, sold out.
 * The name is the link; it stretches over the whole card.
 */
export function GoodsCard({
  goods,
  onOpen,
  eager = false,
}: {
  goods: Goods;
  /** From `useOpenGoods()` of the list. */
  onOpen: OpenGoods;
  eager?: boolean;
}) {
  const { t } = useTranslation();
  const soldOut = !goods.in_stock;
  return (
    <article className="group goods-card">
      <div className="goods-card-media">
        <img
          src={goods.image}
          alt=""
          width={320}
          height={320}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className={soldOut ? 'goods-card-img opacity-60 grayscale' : 'goods-card-img'}
        />
        <RechargeBadge type={goods.recharge_type} className="absolute top-2 left-2 shadow-sm" />
        {soldOut ? <span className="goods-card-sold-out">{t('goods.soldOut')}</span> : null}
      </div>
      <div className="goods-card-body">
        <h3 className="goods-card-name">
          <a href={GOODS_PATH(goods.id)} onClick={onOpen} className="goods-card-link">
            {goods.name}
          </a>
        </h3>
        {goods.subtitle ? <p className="goods-card-subtitle">{goods.subtitle}</p> : null}
        <div className="goods-card-foot">
          <Price value={goods.price} currency={goods.currency} className="goods-card-price" />
          <span className="goods-card-sales">{t('goods.sold', { count: goods.sales })}</span>
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
  const onOpen = useOpenGoods();
  return (
    <ul
      className={`grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5 ${className}`}
    >
      {goods.map((item, i) => (
        <li key={item.id}>
          <GoodsCard goods={item} onOpen={onOpen} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

import { Link } from 'react-router';
import type { Currency } from '@shop/domain/locale';
import { useTranslation } from '../../i18n/use-translation';
import { DIRECT_TOP_UP, GOODS_PATH } from '../../lib/catalog';
import type { OrderItem } from '../../lib/order';
import { Price } from '../../components/ui/price';
import { BoxIcon } from '../../components/ui/icons';
import { ItemDelivery } from './item-delivery';
import { TopUpTarget } from '../../components/ui/top-up-target';
import { formatMoney } from '../../lib/format';
import { differs, isPositive } from '../promotions';

/**
 * The frozen lines of an order: picture, name, option, the character for a top-up, qty × price, and
 * once paid how a top-up or manual line is being delivered.
 */
export function OrderItems({ items, currency }: { items: readonly OrderItem[]; currency: Currency }) {
  return (
    <ul className="divide-y divide-stone-100">
      {items.map((item) => (
        <OrderItemRow key={item.id} item={item} currency={currency} />
      ))}
    </ul>
  );
}

function OrderItemRow({ item, currency }: { item: OrderItem; currency: Currency }) {
  const { t } = useTranslation();
  const spec = item.spec || (item.face_value ? t('cart.faceValue', { value: item.face_value }) : '');
  return (
    <li className="py-4 first:pt-0 last:pb-0" data-testid="order-item" data-item-id={item.id}>
      <div className="flex gap-3 sm:gap-4">
        <OrderImage src={item.image} eager />
        <div className="min-w-0 flex-1">
          <Link
            to={GOODS_PATH(item.goods_id)}
            className="line-clamp-2 text-sm font-medium text-stone-900 hover:text-brand-700"
          >
            {item.goods_name}
          </Link>
          {spec ? <p className="mt-0.5 text-xs text-stone-600">{spec}</p> : null}
          {item.recharge_type === DIRECT_TOP_UP ? (
            <TopUpTarget server={item.server} playerId={item.player_id} nickname={item.nickname} />
          ) : null}
        </div>
        <p className="shrink-0 text-right leading-tight">
          <span className="block text-xs text-stone-500">
            {differs(item.list_price, item.price, currency) ? (
              // Issue 31: a quantity tier or the member level priced it below list.
              <>
                <span className="sr-only">{t('promotions.listPrice')} </span>
                <Price value={item.list_price} currency={currency} strike testId="line-list" />{' '}
              </>
            ) : null}
            <span className="sr-only">{t('cart.unitPrice')} </span>
            <Price value={item.price} currency={currency} testId="line-unit" /> ×{' '}
            <span data-testid="line-num">{item.num}</span>
          </span>
          <span className="sr-only">{t('cart.lineTotal')} </span>
          <Price
            value={item.total_price}
            currency={currency}
            testId="line-total"
            className="text-sm font-semibold text-stone-900"
          />
          {isPositive(item.coupon_discount, currency) ? (
            // The line's share of the code's discount: what the item cost, and what a refund of it returns.
            <span className="mt-0.5 block text-xs text-emerald-800" data-testid="line-paid">
              {t('promotions.linePaid', { amount: formatMoney(item.paid_amount, currency) })}
            </span>
          ) : null}
        </p>
      </div>
      {/* Under the name column on wide screens (picture 4rem + gap 1rem); the full width on a phone. */}
      <ItemDelivery item={item} className="mt-3 sm:ml-20" />
    </li>
  );
}

/**
 * An order line's picture, or a neutral box when it has none. `eager` near the top of a page (an
 * order's items on checkout and detail: often its largest paint, which must not wait, issue 16).
 */
export function OrderImage({
  src,
  size = 'size-16',
  eager = false,
}: {
  src: string;
  size?: string;
  eager?: boolean;
}) {
  return src ? (
    <img
      src={src}
      alt=""
      width={64}
      height={64}
      loading={eager ? undefined : 'lazy'}
      className={`${size} shrink-0 rounded-lg bg-stone-100 object-cover`}
    />
  ) : (
    <span
      aria-hidden="true"
      className={`${size} flex shrink-0 items-center justify-center rounded-lg bg-stone-100 text-stone-400`}
    >
      <BoxIcon size={22} />
    </span>
  );
}

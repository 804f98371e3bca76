import { useTranslation } from '../../i18n/use-translation';
import type { CartItem } from '../../lib/cart-data';
import { BoxIcon } from '../ui/icons';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Cart lines as a list. Names and images come from the API when it sends them. */
export function CartLines({
  items,
  symbol,
  compact = false,
}: {
  items: CartItem[];
  symbol: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ul className={`divide-y divide-stone-100 ${compact ? 'px-5' : ''}`}>
      {items.map((item) => {
        const name =
          text(item.goods_name) || text(item.name) || t('cart.itemFallback', { id: item.goods_id });
        const image = text(item.goods_image) || text(item.image);
        const detail = [
          item.face_value && t('cart.faceValue', { value: item.face_value }),
          item.server,
          item.player_id,
        ]
          .filter(Boolean)
          .join(' · ');
        return (
          <li key={item.id} className="flex gap-3 py-4">
            {image ? (
              <img
                src={image}
                alt=""
                width={64}
                height={64}
                loading="lazy"
                className="size-16 shrink-0 rounded-lg bg-stone-100 object-cover"
              />
            ) : (
              <span className="flex size-16 shrink-0 items-center justify-center rounded-lg bg-stone-100 text-stone-400">
                <BoxIcon size={24} />
              </span>
            )}
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-stone-900">{name}</p>
              {detail ? <p className="mt-0.5 truncate text-xs text-stone-600">{detail}</p> : null}
              <p className="mt-1.5 flex items-baseline justify-between text-sm">
                <span className="font-semibold text-brand-700">
                  {symbol}
                  {item.price}
                </span>
                <span className="text-stone-600">× {item.num}</span>
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

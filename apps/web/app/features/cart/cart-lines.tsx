import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { lineQuantityLimit, unavailableReason } from '../../lib/cart-actions';
import type { CartItem } from '../../lib/cart-data';
import { DIRECT_TOP_UP, GOODS_PATH } from '../../lib/catalog';
import { useCartStore } from '../../stores/cart';
import { Price } from '../../components/ui/price';
import { BoxIcon, TrashIcon } from '../../components/ui/icons';
import { LoadingRegion, Skeleton } from '../../components/ui/skeleton';
import { QuantityInput } from '../../components/ui/quantity-input';
import { TopUpTarget } from '../../components/ui/top-up-target';

const ignore = () => undefined; // failures already showed their pop-up (lib/http.ts)

/** The cart lines of the panel (compact) and of the /cart page. */
export function CartLines({ items, compact = false }: { items: CartItem[]; compact?: boolean }) {
  return (
    <ul className={`divide-y divide-stone-100 ${compact ? 'px-5' : 'px-4 sm:px-5'}`}>
      {items.map((item) => (
        <CartLineRow key={item.id} item={item} compact={compact} />
      ))}
    </ul>
  );
}

function CartLineRow({ item, compact }: { item: CartItem; compact: boolean }) {
  const { t } = useTranslation();
  const update = useCartStore((s) => s.update);
  const remove = useCartStore((s) => s.remove);
  // One change at a time per line: the controls wait for the answer and the reload.
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<void>) => {
    setBusy(true);
    action()
      .catch(ignore)
      .finally(() => setBusy(false));
  };

  const name = item.goods_name || t('cart.itemFallback', { id: item.goods_id });
  const spec = item.spec || (item.face_value ? t('cart.faceValue', { value: item.face_value }) : '');
  const reason = unavailableReason(item);
  const topUp = item.recharge_type === DIRECT_TOP_UP;
  const imageSize = compact ? 'size-16' : 'size-16 sm:size-20';

  return (
    <li
      className="flex gap-3 py-4 sm:gap-4"
      data-testid="cart-line"
      data-line-id={item.id}
      aria-busy={busy || undefined}
    >
      <Link to={GOODS_PATH(item.goods_id)} tabIndex={-1} aria-hidden="true" className="shrink-0">
        {item.image ? (
          <img
            src={item.image}
            alt=""
            width={80}
            height={80}
            loading="lazy"
            className={`${imageSize} rounded-lg bg-stone-100 object-cover ${reason ? 'opacity-50 grayscale' : ''}`}
          />
        ) : (
          <span
            className={`${imageSize} flex items-center justify-center rounded-lg bg-stone-100 text-stone-400`}
          >
            <BoxIcon size={24} />
          </span>
        )}
      </Link>

      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <Link
              to={GOODS_PATH(item.goods_id)}
              className={`line-clamp-2 text-sm font-medium hover:text-brand-700 ${reason ? 'text-stone-500' : 'text-stone-900'}`}
            >
              {name}
            </Link>
            {spec ? <p className="mt-0.5 text-xs text-stone-600">{spec}</p> : null}
            {topUp ? (
              <TopUpTarget server={item.server} playerId={item.player_id} nickname={item.nickname} />
            ) : null}
            {reason ? (
              <p className="mt-1 text-xs font-medium text-amber-800" data-testid="cart-line-unavailable">
                {t('cart.unavailableNote', {
                  reason:
                    reason.kind === 'lowStock'
                      ? t('cart.unavailable.lowStock', { count: reason.left })
                      : t(`cart.unavailable.${reason.kind}`),
                })}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            disabled={busy}
            onClick={() => run(() => remove(item.id))}
            aria-label={t('cart.removeItem', { name })}
            title={t('cart.remove')}
            className="-mt-1 -mr-2 flex size-9 shrink-0 items-center justify-center rounded-full text-stone-500 hover:bg-stone-100 hover:text-red-700 disabled:cursor-not-allowed disabled:opacity-50"
          >
            <TrashIcon size={18} />
          </button>
        </div>

        <div className="mt-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          {item.topup_quantity === false && item.num <= 1 ? (
            // Decision 033: a top-up face value is bought once per line; no stepper up from 1.
            <span className="text-xs text-stone-500" data-testid="line-once">
              {t('topUp.oncePerLine')}
            </span>
          ) : (
            <QuantityInput
              value={item.num}
              max={lineQuantityLimit(item)}
              name={name}
              disabled={busy}
              onChange={(num) => run(() => update(item.id, num))}
            />
          )}
          <p className="ml-auto text-right leading-tight">
            {item.tier_min !== null ? (
              // Issue 31: the quantity reached a tier; its price replaced the list price.
              <span className="mb-0.5 block text-xs font-medium text-emerald-800" data-testid="line-tier">
                {t('promotions.tierBadge', { min: item.tier_min })}
              </span>
            ) : null}
            <span className="block text-xs text-stone-500">
              {/* Both as the API writes money ("6.00"): different text, different amounts. */}
              {item.list_price !== item.price ? (
                <>
                  <span className="sr-only">{t('promotions.listPrice')} </span>
                  <Price value={item.list_price} currency={item.currency} strike testId="line-list" />{' '}
                </>
              ) : null}
              <span className="sr-only">{t('cart.unitPrice')} </span>
              <Price value={item.price} currency={item.currency} testId="line-unit" /> ×{' '}
              <span data-testid="line-num">{item.num}</span>
            </span>
            <span className="sr-only">{t('cart.lineTotal')} </span>
            <Price
              value={item.total_price}
              currency={item.currency}
              testId="line-total"
              className={`text-base font-semibold ${reason ? 'text-stone-400 line-through' : 'text-stone-900'}`}
            />
          </p>
        </div>
      </div>
    </li>
  );
}

/** Placeholder lines while the cart loads for the first time. */
export function CartLinesSkeleton({ compact = false, lines = 3 }: { compact?: boolean; lines?: number }) {
  return (
    <LoadingRegion
      className={`divide-y divide-stone-100 ${compact ? 'px-5' : 'px-4 sm:px-5'}`}
      testId="cart-loading"
    >
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="flex gap-3 py-4 sm:gap-4">
          <Skeleton className={`${compact ? 'size-16' : 'size-16 sm:size-20'} rounded-lg`} />
          <div className="flex-1 space-y-2 pt-1">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/3" />
            <div className="flex justify-between pt-2">
              <Skeleton className="h-9 w-28 rounded-lg" />
              <Skeleton className="h-5 w-16" />
            </div>
          </div>
        </div>
      ))}
    </LoadingRegion>
  );
}

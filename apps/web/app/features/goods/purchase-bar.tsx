import type { Currency } from '@shop/domain/locale';
import { useTranslation } from '../../i18n/use-translation';
import { hydratedMark } from '../../lib/hydrated-mark';
import { CartIcon } from '../../components/ui/icons';
import { Price } from '../../components/ui/price';

export type PurchaseKind = 'add' | 'buy';

/**
 * Add to cart and Buy now; one at a time, each busy until the server answered. On a phone (below
 * `md`) the bar sticks to the bottom of the screen with the price, so buying never needs a scroll
 * back (issue 12); the body gets room below the footer while the bar is on the page. On wider
 * screens it sits under the form as before.
 *
 * `gated` (a direct top-up whose player check has not passed) disables both natively and says why.
 * A tap before the bar's chunk is here is kept and acted on once it is (`hydratedMark`, decision
 * 060); the button shows busy meanwhile.
 */
export function PurchaseBar({
  soldOut,
  gated,
  busy,
  price,
  currency,
  onRun,
}: {
  soldOut: boolean;
  gated: boolean;
  busy: PurchaseKind | null;
  /** What the buyer would pay now (the line total), shown in the phone bar. */
  price: string;
  currency: Currency;
  onRun: (kind: PurchaseKind) => void;
}) {
  const { t } = useTranslation();
  const reasonId = 'purchase-gate-reason';
  const base =
    'btn h-11 min-w-0 flex-1 px-2 text-sm md:h-12 md:px-4 md:text-base disabled:opacity-60 aria-busy:cursor-wait aria-busy:opacity-70 ' +
    (gated ? 'disabled:cursor-not-allowed' : 'disabled:cursor-wait');
  const primary = `btn-primary ${base}`;
  const outline = `${base} border border-brand-700 bg-white text-brand-800 hover:bg-brand-50 disabled:hover:bg-white`;

  return (
    <div
      {...hydratedMark}
      data-testid="purchase-bar"
      className="max-md:fixed max-md:inset-x-0 max-md:bottom-0 max-md:z-30 max-md:border-t max-md:border-stone-200 max-md:bg-white/95 max-md:px-4 max-md:pt-2 max-md:pb-[calc(0.5rem+env(safe-area-inset-bottom))] max-md:shadow-[0_-6px_16px_-8px_rgb(0_0_0/0.15)] max-md:backdrop-blur md:pt-2 max-md:[body:has(&)]:pb-28"
    >
      {gated && !soldOut ? (
        <p
          id={reasonId}
          className="mb-2 text-xs font-medium text-amber-800 md:text-sm"
          data-testid="purchase-gate"
        >
          {t('topUp.checkToBuy')}
        </p>
      ) : null}
      <div className="flex items-center gap-2 md:gap-3">
        <p className="min-w-0 shrink-0 leading-tight md:hidden">
          <span className="block text-[11px] text-stone-600">{t('goods.total')}</span>
          <Price value={price} currency={currency} className="text-lg font-bold text-brand-700" />
        </p>
        {soldOut ? (
          <button type="button" disabled className={primary}>
            {t('goods.soldOut')}
          </button>
        ) : (
          <>
            <button
              type="button"
              className={outline}
              disabled={busy !== null || gated}
              aria-busy={busy === 'add' || undefined}
              aria-describedby={gated ? reasonId : undefined}
              data-testid="add-to-cart"
              onClick={() => onRun('add')}
            >
              <CartIcon size={18} className="shrink-0" />
              <span className="truncate">{busy === 'add' ? t('goods.adding') : t('goods.addToCart')}</span>
            </button>
            <button
              type="button"
              className={primary}
              disabled={busy !== null || gated}
              aria-busy={busy === 'buy' || undefined}
              aria-describedby={gated ? reasonId : undefined}
              data-testid="buy-now"
              onClick={() => onRun('buy')}
            >
              <span className="truncate">{busy === 'buy' ? t('goods.buying') : t('goods.buyNow')}</span>
            </button>
          </>
        )}
      </div>
    </div>
  );
}

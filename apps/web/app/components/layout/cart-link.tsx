import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { badgeText } from '@shop/domain/badge';
import { useCartStore } from '../../stores/cart';
import { CartIcon } from '../ui/icons';

/** Cart mode is PAGE (SPEC §9): the icon goes to /cart; the badge shows the count, `99+` above 99. */
export function CartLink() {
  const { t } = useTranslation();
  const count = useCartStore((s) => s.count);
  const badge = badgeText(count);
  return (
    <Link
      to="/cart"
      className="relative flex size-10 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 hover:text-brand-700"
      aria-label={badge ? t('header.cartWithCount', { count }) : t('header.cart')}
      data-testid="cart-link"
    >
      <CartIcon size={22} />
      {badge ? (
        <span
          aria-hidden="true"
          data-testid="cart-badge"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-brand-700 px-1 text-center text-[11px] leading-5 font-semibold text-white ring-2 ring-white"
        >
          {badge}
        </span>
      ) : null}
    </Link>
  );
}

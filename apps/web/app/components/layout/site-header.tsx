import { Form, Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useSiteConfig } from '../../stores/site-config';
import { SearchIcon } from '../ui/icons';
import { AuthActions } from './auth-actions';
import { CartLink } from './cart-link';
import { LanguageSwitch } from './language-switch';

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2.5 px-4 py-2.5 sm:px-6 md:flex-nowrap md:gap-x-6 md:py-3 lg:px-8">
        <Logo />
        <SearchBox />
        <div className="ml-auto flex items-center gap-1 sm:gap-2 md:ml-0">
          <LanguageSwitch />
          <CartLink />
          <AuthActions />
        </div>
      </div>
    </header>
  );
}

const DEFAULT_LOGO = '/logo.svg';

function Logo() {
  const { t } = useTranslation();
  const { new_logo_url: logoUrl } = useSiteConfig();
  const brand = t('brand.name');
  // Our own mark gets the (localized) name beside it; an operator's logo stands alone.
  const custom = logoUrl && logoUrl !== DEFAULT_LOGO;
  return (
    <Link
      to="/"
      className="flex shrink-0 items-center gap-2 rounded-md"
      aria-label={t('header.homeLink', { brand })}
    >
      {custom ? (
        <img
          src={logoUrl}
          alt={brand}
          width={120}
          height={36}
          className="h-9 w-auto max-w-40 object-contain"
        />
      ) : (
        <>
          <img src={DEFAULT_LOGO} alt="" width={36} height={36} className="size-9" />
          <span className="text-lg font-bold tracking-tight text-stone-900">{brand}</span>
        </>
      )}
    </Link>
  );
}

function SearchBox() {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const current = location.pathname === '/search' ? (params.get('keyword') ?? '') : '';
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className="order-last w-full md:order-none md:mx-auto md:max-w-xl md:flex-1"
    >
      <label htmlFor="site-search" className="sr-only">
        {t('header.searchLabel')}
      </label>
      <div className="relative">
        <input
          // Re-mount on navigation so the box shows the keyword of the page being viewed.
          key={`${location.pathname}?${current}`}
          id="site-search"
          type="search"
          name="keyword"
          defaultValue={current}
          placeholder={t('header.searchPlaceholder')}
          enterKeyHint="search"
          autoComplete="off"
          maxLength={100}
          className="input h-10 rounded-full pr-12 pl-4"
        />
        <button
          type="submit"
          className="absolute top-1 right-1 flex h-8 w-10 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800"
        >
          <SearchIcon size={18} />
          <span className="sr-only">{t('header.search')}</span>
        </button>
      </div>
    </Form>
  );
}

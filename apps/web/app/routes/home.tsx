import { Link } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/home';
import { BoltIcon, GamepadIcon, ShieldIcon, TicketIcon } from '../components/ui/icons';
import { Skeleton, SkeletonGrid } from '../components/ui/skeleton';
import { pageMeta, type PageHandle } from '../lib/meta';

export const handle = { page: 'home' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'home');

export default function HomePage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-5 sm:px-6 sm:py-8 lg:px-8">
      <Hero />

      <section aria-labelledby="home-categories" className="mt-8 sm:mt-10">
        <h2 id="home-categories" className="text-lg font-bold text-stone-900 sm:text-xl">
          {t('home.categories')}
        </h2>
        <div role="status" aria-busy="true" aria-label={t('common.loading')} className="mt-4">
          <ul aria-hidden="true" className="grid grid-cols-4 gap-3 sm:grid-cols-8">
            {Array.from({ length: 8 }, (_, i) => (
              <li key={i} className="flex flex-col items-center gap-2">
                <Skeleton className="size-14 rounded-2xl sm:size-16" />
                <Skeleton className="h-3 w-12" />
              </li>
            ))}
          </ul>
        </div>
      </section>

      {(['hot', 'new'] as const).map((module) => (
        <section key={module} aria-labelledby={`home-${module}`} className="mt-10">
          <div className="mb-4 flex items-end justify-between">
            <h2 id={`home-${module}`} className="text-lg font-bold text-stone-900 sm:text-xl">
              {t(`home.modules.${module}`)}
            </h2>
            <Link to="/search" className="text-sm font-medium text-brand-700 hover:underline">
              {t('home.viewAll')}
            </Link>
          </div>
          <SkeletonGrid count={4} label={t('home.loadingGoods')} />
        </section>
      ))}
    </div>
  );
}

function Hero() {
  const { t } = useTranslation();
  const features = [
    { icon: <BoltIcon size={18} />, text: t('home.features.instant') },
    { icon: <ShieldIcon size={18} />, text: t('home.features.official') },
    { icon: <TicketIcon size={18} />, text: t('home.features.cards') },
  ];
  return (
    <section className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 px-6 py-10 text-white shadow-lg sm:px-10 sm:py-14">
      <HeroArt />
      <div className="relative max-w-xl">
        <p className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-xs font-medium ring-1 ring-white/25">
          <GamepadIcon size={16} />
          {t('home.badge')}
        </p>
        <h1 className="mt-4 text-3xl leading-tight font-extrabold tracking-tight sm:text-4xl lg:text-5xl">
          {t('pages.home.heading')}
        </h1>
        <p className="mt-3 text-base text-white/90 sm:text-lg">{t('home.subtitle')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/search" className="btn h-11 bg-white px-6 text-base text-brand-800 hover:bg-brand-50">
            {t('home.shopNow')}
          </Link>
          <Link
            to="/user/order"
            className="btn h-11 px-6 text-base text-white ring-1 ring-white/60 hover:bg-white/10"
          >
            {t('nav.orders')}
          </Link>
        </div>
        <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-white/90">
          {features.map((f) => (
            <li key={f.text} className="flex items-center gap-1.5">
              {f.icon}
              {f.text}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Decorative shapes on the right of the banner. */
function HeroArt() {
  return (
    <svg
      aria-hidden="true"
      className="pointer-events-none absolute -right-16 -bottom-10 hidden h-[320px] w-[480px] opacity-90 md:block"
      viewBox="0 0 480 320"
      fill="none"
    >
      <circle cx="330" cy="150" r="150" fill="white" fillOpacity="0.08" />
      <circle cx="330" cy="150" r="95" fill="white" fillOpacity="0.08" />
      <rect x="210" y="110" width="210" height="120" rx="60" fill="white" fillOpacity="0.18" />
      <rect x="250" y="155" width="44" height="12" rx="6" fill="white" fillOpacity="0.9" />
      <rect x="266" y="139" width="12" height="44" rx="6" fill="white" fillOpacity="0.9" />
      <circle cx="366" cy="150" r="10" fill="#ffd2a8" />
      <circle cx="390" cy="174" r="10" fill="white" fillOpacity="0.9" />
      <g transform="rotate(-14 150 80)">
        <rect x="100" y="48" width="120" height="72" rx="12" fill="white" fillOpacity="0.22" />
        <rect x="114" y="64" width="40" height="8" rx="4" fill="white" fillOpacity="0.85" />
        <rect x="114" y="96" width="70" height="8" rx="4" fill="white" fillOpacity="0.5" />
      </g>
      <circle cx="120" cy="250" r="22" fill="#ffb170" fillOpacity="0.9" />
      <circle cx="120" cy="250" r="12" fill="#ff8537" />
    </svg>
  );
}

import { useTranslation } from '../../i18n/use-translation';
import type { Route } from '../../routes/+types/home';
import { BannerCarousel } from './banner-carousel';
import { CategoryStrip } from './category-strip';
import { ModuleSection } from './module-section';
import { BoltIcon, ShieldIcon, TicketIcon } from '../../components/ui/icons';
import { flattenCategories } from '../../lib/catalog';

export function HomePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { swipers, modules, categories } = loaderData;
  const features = [
    { icon: <BoltIcon size={16} />, text: t('home.features.instant') },
    { icon: <ShieldIcon size={16} />, text: t('home.features.official') },
    { icon: <TicketIcon size={16} />, text: t('home.features.cards') },
  ];
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-4 sm:px-6 sm:py-6 lg:px-8">
      <BannerCarousel slides={swipers} />

      <div className="mt-4 flex flex-col gap-2 sm:mt-6 md:flex-row md:items-center md:justify-between">
        <h1 className="text-base font-bold tracking-tight text-stone-900 sm:text-xl">
          {t('pages.home.heading')}
        </h1>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700 sm:text-sm">
          {features.map((f) => (
            <li key={f.text} className="flex items-center gap-1 text-stone-700">
              <span className="text-brand-700">{f.icon}</span>
              {f.text}
            </li>
          ))}
        </ul>
      </div>

      <CategoryStrip categories={flattenCategories(categories)} />

      {modules.map((module) => (
        <ModuleSection key={module.id} module={module} />
      ))}
    </div>
  );
}

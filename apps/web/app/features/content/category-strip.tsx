import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { CATEGORY_PATH, type CategoryNode } from '../../lib/catalog';

/** Category icons and names, each linking to its category page. */
export function CategoryStrip({ categories }: { categories: CategoryNode[] }) {
  const { t } = useTranslation();
  if (categories.length === 0) return null;
  return (
    <section aria-labelledby="home-categories" className="mt-8">
      <h2 id="home-categories" className="text-lg font-bold text-stone-900 sm:text-xl">
        {t('home.categories')}
      </h2>
      <ul className="mt-4 grid grid-cols-4 gap-1 sm:grid-cols-6 sm:gap-2 lg:grid-cols-12">
        {categories.map((category) => (
          <li key={category.id}>
            <Link to={CATEGORY_PATH(category.id)} className="group category-tile">
              <span className="category-tile-icon">
                {category.icon ? (
                  // Lazy: eager images get a <link rel=preload> from React that would compete with the
                  // banner (the largest paint); these are small and load right after layout anyway.
                  <img src={category.icon} alt="" width={40} height={40} loading="lazy" className="size-10" />
                ) : null}
              </span>
              <span className="category-tile-name">{category.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

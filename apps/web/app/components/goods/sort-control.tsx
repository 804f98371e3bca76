import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import type { GoodsSort } from '../../lib/catalog';
import { SORTS, withParams } from '../../lib/catalog-params';

/** Default · Price ↑ · Price ↓ · Sales · Newest, as links (`?sort=`, back to page 1). */
export function SortControl({ sort }: { sort: GoodsSort }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <nav aria-label={t('sort.label')} className="-mx-1 overflow-x-auto px-1 py-1">
      <ul className="inline-flex min-w-max rounded-lg border border-stone-200 bg-white p-1 text-sm shadow-sm">
        {SORTS.map((value) => {
          const active = value === sort;
          return (
            <li key={value}>
              <Link
                to={withParams(search, { sort: value, page: undefined })}
                aria-current={active ? 'true' : undefined}
                preventScrollReset
                className={`block rounded-md px-3 py-1.5 font-medium whitespace-nowrap transition-colors ${
                  active
                    ? 'bg-brand-700 text-white'
                    : 'text-stone-700 hover:bg-stone-100 hover:text-stone-900'
                }`}
              >
                {t(`sort.${value}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

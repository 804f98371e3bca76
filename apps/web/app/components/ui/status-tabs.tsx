import { Link } from 'react-router';

/**
 * The status tabs above a paged list (orders, support tickets): each links to `?status=…` (the
 * first page; 'all' is the bare list) and the current one is marked for assistive technology.
 */
export function StatusTabs<T extends string>({
  label,
  tabs,
  current,
  text,
}: {
  label: string;
  tabs: readonly T[];
  current: T;
  text: (tab: T) => string;
}) {
  return (
    <nav aria-label={label} className="flex gap-1 overflow-x-auto border-b border-stone-100 px-3 pt-2">
      {tabs.map((item) => (
        <Link
          key={item}
          to={item === 'all' ? '?' : `?status=${item}`}
          aria-current={item === current ? 'page' : undefined}
          className={`shrink-0 border-b-2 px-3 py-2.5 text-sm whitespace-nowrap ${
            item === current
              ? 'border-brand-700 font-semibold text-brand-800'
              : 'border-transparent text-stone-600 hover:text-stone-900'
          }`}
        >
          {text(item)}
        </Link>
      ))}
    </nav>
  );
}

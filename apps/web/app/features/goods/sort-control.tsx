import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import type { GoodsSort } from '../../lib/catalog';
import { SORTS, withParams } from '../../lib/catalog-params';

/** Width of the fade at an edge that has more to scroll to. */
const FADE = '2.5rem';

/**
 * Default · Price ↑ · Price ↓ · Sales · Newest, as links (`?sort=`, back to page 1). On a narrow
 * screen the bar scrolls sideways; an edge with more behind it fades out, so the buyer sees there is
 * more (issue 12). The fade is a mask, so it suits any background.
 */
export function SortControl({ sort }: { sort: GoodsSort }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const scroller = useRef<HTMLElement>(null);
  const [more, setMore] = useState({ start: false, end: false });

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => {
      const start = el.scrollLeft > 1;
      const end = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      setMore((m) => (m.start === start && m.end === end ? m : { start, end }));
    };
    // The observer reports once at once, then on every resize (a phone turned, fonts loaded).
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, []);

  // The chosen order is in sight when the page opens on it (e.g. "Newest" at the far end).
  useEffect(() => {
    const el = scroller.current;
    const active = el?.querySelector<HTMLElement>('[aria-current]');
    if (!el || !active) return;
    const box = el.getBoundingClientRect();
    const link = active.getBoundingClientRect();
    if (link.right > box.right || link.left < box.left) el.scrollLeft += link.left - box.left - 16;
  }, [sort]);

  const mask =
    more.start || more.end
      ? `linear-gradient(to right, ${more.start ? 'transparent' : '#000'}, #000 ${more.start ? FADE : '0px'}, #000 calc(100% - ${more.end ? FADE : '0px'}), ${more.end ? 'transparent' : '#000'})`
      : undefined;

  return (
    <nav
      ref={scroller}
      aria-label={t('sort.label')}
      className="-mx-1 overflow-x-auto px-1 py-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      style={mask ? { maskImage: mask, WebkitMaskImage: mask } : undefined}
      data-more-start={more.start || undefined}
      data-more-end={more.end || undefined}
    >
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

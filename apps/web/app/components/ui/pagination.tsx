import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { withParams } from '../../lib/catalog-params';
import { paginationRange } from '../../lib/pagination';
import { ChevronRightIcon } from './icons';

const ITEM =
  'flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-medium transition-colors';

/**
 * Page links (`?page=`), keeping the other search parameters of the current URL; with `onPage`,
 * buttons that call it instead (a list inside a dialog, whose page is not the URL's).
 */
export function Pagination({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage?: ((page: number) => void) | undefined;
}) {
  const { t } = useTranslation();
  const { search } = useLocation();
  if (pages <= 1) return null;
  const href = (n: number): Target => (onPage ? () => onPage(n) : withParams(search, { page: n }));
  const prev = page > 1 ? href(page - 1) : undefined;
  const next = page < pages ? href(page + 1) : undefined;
  return (
    <nav aria-label={t('pagination.label')} className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          <Step to={prev} label={t('pagination.previous')} rel="prev">
            <ChevronRightIcon size={16} className="rotate-180" />
          </Step>
        </li>
        {paginationRange(page, pages).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="hidden px-1 text-stone-500 sm:block">
              …
            </li>
          ) : (
            <li key={item} className="hidden sm:block">
              <To
                to={href(item)}
                aria-label={t('pagination.page', { page: item })}
                aria-current={item === page ? 'page' : undefined}
                className={`${ITEM} ${
                  item === page
                    ? 'bg-brand-700 text-white'
                    : 'border border-stone-300 bg-white text-stone-800 hover:border-brand-700 hover:text-brand-700'
                }`}
              >
                {item}
              </To>
            </li>
          ),
        )}
        <li className="px-2 text-sm text-stone-700 sm:hidden">{t('pagination.status', { page, pages })}</li>
        <li>
          <Step to={next} label={t('pagination.next')} rel="next">
            <ChevronRightIcon size={16} />
          </Step>
        </li>
      </ul>
    </nav>
  );
}

/** Where a page item goes: a URL, or a call (onPage). */
type Target = string | (() => void);

function To({
  to,
  rel,
  ...props
}: {
  to: Target;
  rel?: 'prev' | 'next';
  className: string;
  children: React.ReactNode;
  'aria-label'?: string;
  'aria-current'?: 'page' | undefined;
}) {
  return typeof to === 'string' ? (
    <Link to={to} rel={rel} {...props} />
  ) : (
    <button type="button" onClick={to} {...props} />
  );
}

function Step({
  to,
  label,
  rel,
  children,
}: {
  to: Target | undefined;
  label: string;
  rel: 'prev' | 'next';
  children: React.ReactNode;
}) {
  const body = (
    <>
      {rel === 'prev' ? children : null}
      <span>{label}</span>
      {rel === 'next' ? children : null}
    </>
  );
  if (!to)
    return (
      <span aria-disabled="true" className={`${ITEM} gap-1 border border-stone-200 text-stone-400`}>
        {body}
      </span>
    );
  return (
    <To
      to={to}
      rel={rel}
      className={`${ITEM} gap-1 border border-stone-300 bg-white text-stone-800 hover:border-brand-700 hover:text-brand-700`}
    >
      {body}
    </To>
  );
}

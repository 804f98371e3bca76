import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { ChevronRightIcon } from './icons';

/** The page's one <h1>, with a breadcrumb back to home and an optional subtitle/actions. */
export function PageHeader({
  title,
  subtitle,
  actions,
  crumbs = [],
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  crumbs?: Array<{ label: string; to?: string }>;
}) {
  return (
    <div className="mb-6">
      <Breadcrumb crumbs={[...crumbs, { label: title }]} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-stone-600">{subtitle}</p> : null}
        </div>
        {actions}
      </div>
    </div>
  );
}

/** Home › … › the current page (the last crumb, without a link). */
export function Breadcrumb({
  crumbs,
  className = 'mb-2',
}: {
  crumbs: Array<{ label: string; to?: string }>;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('common.breadcrumb')} className={`text-xs text-stone-600 ${className}`}>
      <ol className="flex flex-wrap items-center gap-1">
        <li>
          <Link to="/" className="hover:text-brand-700 hover:underline">
            {t('nav.home')}
          </Link>
        </li>
        {crumbs.map((crumb, i) => (
          <li key={i} className="flex min-w-0 items-center gap-1">
            <ChevronRightIcon size={12} />
            {crumb.to && i < crumbs.length - 1 ? (
              <Link to={crumb.to} className="hover:text-brand-700 hover:underline">
                {crumb.label}
              </Link>
            ) : (
              <span aria-current={i === crumbs.length - 1 ? 'page' : undefined} className="truncate">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Standard page width and vertical rhythm. */
export function PageContainer({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div className={`mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8 ${className}`}>
      {children}
    </div>
  );
}

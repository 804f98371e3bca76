import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
// Loading placeholders. Hidden from assistive technology; a busy region around them says "loading".
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`skeleton ${className}`} />;
}

export function SkeletonText({ lines = 3, className = '' }: { lines?: number; className?: string }) {
  return (
    <div aria-hidden="true" className={`space-y-2.5 ${className}`}>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className={`skeleton h-3.5 ${i === lines - 1 ? 'w-2/3' : 'w-full'}`} />
      ))}
    </div>
  );
}

/** A goods card placeholder: image, name, price. */
export function SkeletonCard() {
  return (
    <div aria-hidden="true" className="card overflow-hidden">
      <div className="skeleton aspect-square rounded-none" />
      <div className="space-y-2 p-3">
        <div className="skeleton h-4 w-4/5" />
        <div className="skeleton h-3 w-1/2" />
        <div className="skeleton mt-3 h-5 w-1/3" />
      </div>
    </div>
  );
}

/** The busy region around placeholders: announced once as "loading", its content hidden. */
export function LoadingRegion({
  className,
  testId,
  children,
}: {
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={t('common.loading')}
      className={className}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

/** A busy list of `rows` copies of one placeholder row (`children`), each hidden from assistive technology. */
export function ListSkeleton({
  rows,
  className,
  testId,
  rowClassName,
  children,
}: {
  rows: number;
  className: string;
  testId: string;
  rowClassName: string;
  children: ReactNode;
}) {
  return (
    <LoadingRegion className={className} testId={testId}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} aria-hidden="true" className={rowClassName}>
          {children}
        </div>
      ))}
    </LoadingRegion>
  );
}

import type { ReactNode } from 'react';

/** The "nothing here yet" panel of list pages: icon, title, hint and an optional action. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  className = '',
}: {
  icon: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={`flex flex-col items-center px-6 py-14 text-center ${className}`}>
      <div className="mb-4 flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {icon}
      </div>
      <p className="text-base font-semibold text-stone-900">{title}</p>
      {description ? <p className="mt-1.5 max-w-sm text-sm text-stone-600">{description}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}

import type { ReactNode } from 'react';

/** A console page: its title, the actions beside it, then its content. */
export function AdminPage({
  title,
  actions,
  intro,
  children,
}: {
  title: string;
  actions?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-stone-900">{title}</h1>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {intro ? <div className="text-sm text-stone-600">{intro}</div> : null}
      {children}
    </div>
  );
}

/** A titled white panel of a console page. */
export function Panel({
  title,
  children,
  actions,
}: {
  title?: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="card p-4 sm:p-5">
      {title || actions ? (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          {title ? <h2 className="text-base font-semibold text-stone-900">{title}</h2> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}

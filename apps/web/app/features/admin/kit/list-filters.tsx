import type { InputHTMLAttributes, ReactNode } from 'react';
import type { useListParams } from './use-list-params';
import { useAdminT } from './use-admin-t';

// The filter bar above a console table (issue 15): typed filters go into the URL when the form is
// sent, selects as soon as they change, and Reset clears them all. Every list page builds its bar
// from these, so they look and behave alike.

type List = ReturnType<typeof useListParams>;

/** The bar: a search form whose text fields `names` go into the URL, trimmed, when it is sent. */
export function FilterBar({
  list,
  names,
  children,
}: {
  list: List;
  names: readonly string[];
  children: ReactNode;
}) {
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        list.set(Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? '').trim()])));
      }}
    >
      {children}
    </form>
  );
}

/** A typed filter of the bar, labelled by its placeholder; it shows what the URL holds. */
export function FilterInput({
  list,
  name,
  label,
  className = 'w-56',
  ...input
}: { list: List; name: string; label: string; className?: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'className' | 'list'
>) {
  return (
    <input
      key={`${name}-${list.get(name)}`}
      name={name}
      defaultValue={list.get(name)}
      placeholder={label}
      aria-label={label}
      className={`input h-10 ${className}`}
      {...input}
    />
  );
}

/** The bar's submit button. */
export function SearchButton() {
  const { t } = useAdminT();
  return (
    <button type="submit" className="btn-outline">
      {t('common.search')}
    </button>
  );
}

/** A filter chosen from a list; the empty choice reads "<label>: All". Applied at once. */
export function FilterSelect({
  list,
  name,
  label,
  options,
}: {
  list: List;
  name: string;
  label: string;
  options: readonly { value: string | number; label: string }[];
}) {
  const { t } = useAdminT();
  return (
    <select
      className="input h-10 w-auto min-w-32"
      aria-label={label}
      value={list.get(name)}
      onChange={(e) => list.set({ [name]: e.target.value })}
    >
      <option value="">
        {label}: {t('common.all')}
      </option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** Clears the filters `names`; shown only while one of them is set. */
export function ResetFilters({ list, names }: { list: List; names: readonly string[] }) {
  const { t } = useAdminT();
  if (!names.some((name) => list.get(name))) return null;
  return (
    <button
      type="button"
      className="btn-ghost"
      onClick={() => list.set(Object.fromEntries(names.map((name) => [name, null])))}
    >
      {t('common.reset')}
    </button>
  );
}

import { useSearchParams } from 'react-router';

export type ListPatch = Record<string, string | number | null | undefined>;

/**
 * A console table's state in the URL (server-side paging, sorting and filters): a reload or a
 * shared link shows the same rows. Changing anything but the page goes back to page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const number = (name: string, fallback: number) => {
    const value = Number(params.get(name));
    return Number.isSafeInteger(value) && value > 0 ? value : fallback;
  };
  return {
    params,
    page: number('page', 1),
    limit: number('limit', 20),
    sort: params.get('sort') ?? '',
    order: params.get('order') === 'asc' ? ('asc' as const) : ('desc' as const),
    get: (name: string) => params.get(name) ?? '',
    set(patch: ListPatch) {
      const next = new URLSearchParams(params);
      for (const [key, value] of Object.entries(patch)) {
        if (value === null || value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      if (!('page' in patch)) next.delete('page');
      setParams(next, { preventScrollReset: true });
    },
  };
}

import { type ReactNode, useSyncExternalStore } from 'react';
import { useNavigation } from 'react-router';
import { Pagination } from '../../../components/ui/pagination';
import { useAdminT } from './use-admin-t';
import { useListParams } from './use-list-params';

export interface Column<Row> {
  key: string;
  header: string;
  /** The API's sort column this header sorts by (the endpoint's `sort` values). */
  sort?: string;
  cell: (row: Row) => ReactNode;
  className?: string;
  align?: 'right';
}

const PAGE_SIZES = [20, 50, 100];
/** Below this width each row is a card of label: value lines (a phone, decision 062). */
const CARDS_QUERY = '(max-width: 767px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(CARDS_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the screen is narrow enough for cards (the console renders in the browser only). */
function useCards(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(CARDS_QUERY).matches,
    () => false,
  );
}
/** The first column stays in view while a narrow screen scrolls the table sideways (tablet). */
const STICKY_HEAD = 'sticky left-0 z-[1] bg-stone-50';
const STICKY_CELL = 'sticky left-0 z-[1] bg-white';

/**
 * A console table with server-side paging and sorting: the page, page size and sort are URL
 * parameters (useListParams) the page's clientLoader sends to the API. While the next rows load,
 * the table stays and says it is busy.
 */
export function DataTable<Row>({
  columns,
  rows,
  total,
  rowKey,
  empty,
  caption,
  testId,
}: {
  columns: Column<Row>[];
  rows: Row[];
  total: number;
  rowKey: (row: Row) => string | number;
  empty?: ReactNode;
  caption?: string;
  testId?: string;
}) {
  const { t } = useAdminT();
  const list = useListParams();
  const navigation = useNavigation();
  const busy = navigation.state === 'loading' && navigation.location?.pathname === window.location.pathname;
  const pages = Math.max(1, Math.ceil(total / list.limit));
  const cards = useCards();

  function sortBy(column: string) {
    const order = list.sort === column && list.order === 'desc' ? 'asc' : 'desc';
    list.set({ sort: column, order });
  }

  const sortable = columns.filter((c) => c.sort);
  const [first, ...rest] = columns;

  return (
    <div className="card overflow-hidden" data-testid={testId}>
      {cards ? (
        <div aria-busy={busy || undefined}>
          {caption ? <h2 className="sr-only">{caption}</h2> : null}
          {sortable.length > 0 ? (
            <div className="flex flex-wrap items-center gap-2 border-b border-stone-200 bg-stone-50 px-3 py-2 text-xs text-stone-700">
              {sortable.map((c) => {
                const sorted = list.sort === c.sort ? list.order : undefined;
                return (
                  <button
                    key={c.key}
                    type="button"
                    onClick={() => sortBy(c.sort!)}
                    aria-pressed={sorted !== undefined}
                    className="inline-flex items-center gap-1 rounded-full border border-stone-300 bg-white px-2.5 py-1 hover:text-stone-900"
                    title={t('common.sortBy', { column: c.header })}
                  >
                    {c.header}
                    <SortMark sorted={sorted} />
                  </button>
                );
              })}
            </div>
          ) : null}
          {rows.length === 0 ? (
            <p className="px-3 py-12 text-center text-stone-600">{empty ?? t('common.empty')}</p>
          ) : (
            <ul className={`divide-y divide-stone-200 transition-opacity ${busy ? 'opacity-50' : ''}`}>
              {rows.map((row) => (
                <li key={rowKey(row)} className="px-3 py-3 text-sm" data-testid="table-card">
                  {first ? (
                    <div className="mb-1.5 min-w-0 font-medium [overflow-wrap:anywhere]">
                      {first.cell(row)}
                    </div>
                  ) : null}
                  <dl className="grid grid-cols-[minmax(5rem,auto)_minmax(0,1fr)] gap-x-3 gap-y-1">
                    {rest.map((c) => (
                      <div key={c.key} className="contents">
                        <dt className="text-xs leading-5 text-stone-600">{c.header}</dt>
                        <dd className="min-w-0 [overflow-wrap:anywhere]">{c.cell(row)}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[640px] text-left text-sm" aria-busy={busy || undefined}>
            {caption ? <caption className="sr-only">{caption}</caption> : null}
            <thead className="border-b border-stone-200 bg-stone-50 text-xs font-medium text-stone-600">
              <tr>
                {columns.map((c, i) => {
                  const sorted = c.sort && list.sort === c.sort ? list.order : undefined;
                  return (
                    <th
                      key={c.key}
                      scope="col"
                      aria-sort={
                        sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                      }
                      className={`px-3 py-2.5 ${i === 0 ? STICKY_HEAD : ''} ${c.align === 'right' ? 'text-right' : ''} ${c.className ?? ''}`}
                    >
                      {c.sort ? (
                        <button
                          type="button"
                          onClick={() => sortBy(c.sort!)}
                          className="inline-flex items-center gap-1 hover:text-stone-900"
                          title={t('common.sortBy', { column: c.header })}
                        >
                          {c.header}
                          <SortMark sorted={sorted} />
                        </button>
                      ) : (
                        c.header
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody className={`divide-y divide-stone-100 transition-opacity ${busy ? 'opacity-50' : ''}`}>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={columns.length} className="px-3 py-12 text-center text-stone-500">
                    {empty ?? t('common.empty')}
                  </td>
                </tr>
              ) : (
                rows.map((row) => (
                  <tr key={rowKey(row)} className="hover:bg-stone-50/60">
                    {columns.map((c, i) => (
                      <td
                        key={c.key}
                        className={`px-3 py-2.5 align-middle ${i === 0 ? STICKY_CELL : ''} ${c.align === 'right' ? 'text-right tabular-nums' : ''} ${c.className ?? ''}`}
                      >
                        {c.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 px-3 py-2 text-sm text-stone-600">
        <span>{t('common.total', { count: total })}</span>
        <label className="flex items-center gap-2">
          {t('common.perPage')}
          <select
            className="input h-9 w-20 py-1"
            value={list.limit}
            onChange={(e) => list.set({ limit: Number(e.target.value) })}
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>
      {pages > 1 ? (
        <div className="-mt-4 pb-4">
          <Pagination page={list.page} pages={pages} />
        </div>
      ) : null}
    </div>
  );
}

/** The arrow beside a sortable column's name (a table header or a phone card's sort button). */
function SortMark({ sorted }: { sorted: 'asc' | 'desc' | undefined }) {
  return (
    <span aria-hidden="true" className={sorted ? 'text-brand-700' : 'text-stone-500'}>
      {sorted === 'asc' ? '↑' : sorted === 'desc' ? '↓' : '↕'}
    </span>
  );
}

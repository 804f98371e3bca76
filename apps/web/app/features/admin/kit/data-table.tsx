import { type ReactNode, useState, useSyncExternalStore } from 'react';
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

/**
 * Rows an operator picked for a batch action (issue 32, decision 081), by row key. It outlives a
 * page change, so rows of several pages can be picked; the bar says how many.
 */
export type Selection = {
  keys: ReadonlySet<string>;
  set: (keys: readonly string[], on: boolean) => void;
  clear: () => void;
};

export function useSelection(): Selection {
  const [keys, setKeys] = useState<ReadonlySet<string>>(() => new Set());
  return {
    keys,
    set: (changed, on) =>
      setKeys((now) => {
        const next = new Set(now);
        for (const key of changed)
          if (on) next.add(key);
          else next.delete(key);
        return next;
      }),
    clear: () => setKeys(new Set()),
  };
}

/** A table's selection: its state, a row's name for its checkbox, and the bar's actions. */
export type TableSelect<Row> = {
  selection: Selection;
  label: (row: Row) => string;
  actions: ReactNode;
};

/** The checkbox of one row, or of every row of the page (indeterminate when some are picked). */
function PickBox({
  checked,
  indeterminate = false,
  label,
  onChange,
  testId,
}: {
  checked: boolean;
  indeterminate?: boolean;
  label: string;
  onChange: (on: boolean) => void;
  testId?: string;
}) {
  return (
    <input
      type="checkbox"
      className="size-5 shrink-0 accent-brand-600"
      checked={checked}
      ref={(el) => {
        if (el) el.indeterminate = indeterminate;
      }}
      aria-label={label}
      data-testid={testId}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}
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
  select,
}: {
  columns: Column<Row>[];
  rows: Row[];
  total: number;
  rowKey: (row: Row) => string | number;
  empty?: ReactNode;
  caption?: string;
  testId?: string;
  /** Checkboxes per row and for the page, and a bar of actions on the picked rows. */
  select?: TableSelect<Row>;
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

  const picked = select?.selection.keys;
  const pageKeys = rows.map((row) => String(rowKey(row)));
  const pickedOnPage = picked ? pageKeys.filter((k) => picked.has(k)).length : 0;
  const pageBox = select ? (
    <PickBox
      checked={pageKeys.length > 0 && pickedOnPage === pageKeys.length}
      indeterminate={pickedOnPage > 0 && pickedOnPage < pageKeys.length}
      label={t('batch.selectPage')}
      onChange={(on) => select.selection.set(pageKeys, on)}
      testId="select-page"
    />
  ) : null;
  /** The first column's cell, after the row's checkbox when rows can be picked. */
  const firstCell = (row: Row) =>
    select && first ? (
      <div className="flex min-w-0 items-center gap-2.5">
        <PickBox
          checked={picked?.has(String(rowKey(row))) ?? false}
          label={t('batch.selectRow', { name: select.label(row) })}
          onChange={(on) => select.selection.set([String(rowKey(row))], on)}
          testId="select-row"
        />
        <div className="min-w-0">{first.cell(row)}</div>
      </div>
    ) : (
      first?.cell(row)
    );

  return (
    <div className="card overflow-hidden" data-testid={testId}>
      {select && picked && picked.size > 0 ? (
        <div
          role="region"
          aria-label={t('batch.selectionBar')}
          className="flex flex-wrap items-center gap-2 border-b border-brand-200 bg-brand-50 px-3 py-2 text-sm"
          data-testid="selection-bar"
        >
          <span className="font-medium text-stone-900" aria-live="polite">
            {t('batch.selected', { count: picked.size })}
          </span>
          <div className="flex flex-wrap items-center gap-2">{select.actions}</div>
          <button type="button" className="btn-ghost ml-auto h-9 px-2" onClick={select.selection.clear}>
            {t('batch.clearSelection')}
          </button>
        </div>
      ) : null}
      {cards ? (
        <div aria-busy={busy || undefined}>
          {caption ? <h2 className="sr-only">{caption}</h2> : null}
          {pageBox && rows.length > 0 ? (
            <label className="flex items-center gap-2.5 border-b border-stone-200 px-3 py-2 text-sm text-stone-700">
              {pageBox}
              <span aria-hidden="true">{t('batch.selectPage')}</span>
            </label>
          ) : null}
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
                      {firstCell(row)}
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
                      {i === 0 && pageBox ? (
                        <span className="mr-2.5 inline-flex align-middle">{pageBox}</span>
                      ) : null}
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
                        {i === 0 ? firstCell(row) : c.cell(row)}
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

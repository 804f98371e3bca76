import { type ReactNode, useState } from 'react';
import type { AuditObjectType } from '@shop/domain/admin';
import type { Endpoint } from '@shop/contract/endpoints';
import { message } from '../../../lib/toast';
import { useAdminWrite } from '../kit/actions';
import { CacheNote } from '../kit/cache-note';
import { confirmRemove } from '../kit/confirm';
import type { Column } from '../kit/data-table';
import { ListPage } from '../kit/list-page';
import { useAdminT } from '../kit/use-admin-t';
import { ListFilters } from './content-filters';
import { MoveButtons, ShowSwitch, useReorder } from './row-controls';

// The list pages of the content area (issue 14: banners, home sections, zones, footer links,
// articles) share their frame and their common columns: the order with the move buttons, the
// show switch and the edit / remove actions. Each page adds its own columns and dialog.

type ContentRow = { id: number; sort: number; is_show: number };

const noReorder = () => Promise.resolve();

/**
 * The state and the common columns of a content list. `name` is a row's name in the shown
 * language (the move, show and remove controls say it); the writes are the route's actions:
 * `update` saves the show switch, `remove` deletes a row and `reorder` (when the list has an
 * order) saves the new order of every row. The route reloads the rows after each.
 */
export function useContentList<Row extends ContentRow>({
  rows,
  total,
  name,
  update,
  remove,
  reorder,
}: {
  rows: Row[];
  total: number;
  name: (row: Row) => string;
  update: Endpoint;
  remove: Endpoint;
  reorder?: Endpoint;
}) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const [editing, setEditing] = useState<Row | null | 'new'>(null);
  const moves = useReorder(rows, total, reorder ? (ids) => write.call(reorder, { ids } as never) : noReorder);

  const orderColumn: Column<Row> = {
    key: 'order',
    header: t('content.common.order'),
    sort: 'sort',
    cell: (row) => (
      <span className="inline-flex items-center gap-1">
        <MoveButtons index={rows.indexOf(row)} count={rows.length} reorder={moves} name={name(row)} />
        <span className="w-10 text-xs text-stone-400 tabular-nums">{row.sort}</span>
      </span>
    ),
  };

  const showColumn: Column<Row> = {
    key: 'show',
    header: t('content.common.visibility'),
    cell: (row) => (
      <ShowSwitch
        label={name(row)}
        shown={row.is_show === 1}
        save={(is_show) => write.call(update, { id: row.id, is_show } as never).catch(() => undefined)}
      />
    ),
  };

  /** Edit (a button opening the page's dialog, or the page's own link) and remove, after a confirm. */
  const actionsColumn = (edit?: (row: Row) => ReactNode): Column<Row> => ({
    key: 'actions',
    header: t('common.actions'),
    cell: (row) => (
      <div className="flex gap-1">
        {edit ? (
          edit(row)
        ) : (
          <button type="button" className="btn-ghost px-2 py-1" onClick={() => setEditing(row)}>
            {t('common.edit')}
          </button>
        )}
        <button
          type="button"
          className="btn-ghost px-2 py-1 text-red-700"
          onClick={() => void confirmRemove(t, name(row), () => write.call(remove, { id: row.id } as never))}
        >
          {t('common.remove')}
        </button>
      </div>
    ),
  });

  /** After a dialog saved: it closes and says so (the route reloads the rows and the trail). */
  const savedBy = (close: () => void) => () => {
    close();
    message.success(t('common.saved'));
  };

  return {
    editing,
    setEditing,
    saved: savedBy(() => setEditing(null)),
    savedBy,
    orderColumn,
    showColumn,
    actionsColumn,
  };
}

type Area = 'banners' | 'modules' | 'zones' | 'links' | 'articles';

/**
 * The frame of a content list, on the kit's list page: title, intro and the "new" action, the
 * cache note, the filters, the table and the audit trail of the area; `children` are the page's
 * dialogs.
 */
export function ContentListPage<Row extends { id: number }>({
  area,
  auditType,
  page,
  columns,
  onNew,
  newAction,
  filters,
  footer,
  children,
}: {
  area: Area;
  auditType: AuditObjectType;
  page: { list: Row[]; total: number; cache_ttl_seconds: number };
  columns: Column<Row>[];
  onNew?: () => void;
  /** Replaces the "new" button (e.g. a link to an editor page). */
  newAction?: ReactNode;
  /** The page's own filters, after the keyword and shown ones. */
  filters?: ReactNode;
  /** Under the table. */
  footer?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useAdminT();
  return (
    <ListPage
      title={t(`content.${area}.title`)}
      intro={t(`content.${area}.intro`)}
      actions={
        newAction ?? (
          <button type="button" className="btn-primary" onClick={onNew}>
            {t(`content.${area}.new`)}
          </button>
        )
      }
      note={<CacheNote seconds={page.cache_ttl_seconds} />}
      filters={<ListFilters keywordLabel={t(`content.${area}.keyword`)}>{filters}</ListFilters>}
      columns={columns}
      rows={page.list}
      total={page.total}
      rowKey={(row) => row.id}
      testId={`${area}-table`}
      footer={footer}
      auditType={auditType}
    >
      {children}
    </ListPage>
  );
}

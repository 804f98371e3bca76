import type { ReactNode } from 'react';
import type { AuditObjectType } from '@shop/domain/admin';
import { AdminPage } from './admin-page';
import { AuditTrail } from './audit-trail';
import { type Column, DataTable } from './data-table';

// The console's list page (issue 30): title, intro and actions, a note, the filters kept in the
// URL, the table with its sorting and paging, what goes under it, and the change history of the
// area (reloaded after each write); `children` are the page's dialogs.

export function ListPage<Row>({
  title,
  intro,
  actions,
  note,
  filters,
  columns,
  rows,
  total,
  rowKey,
  testId,
  footer,
  auditType,
  children,
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  /** Above the filters (e.g. how soon buyers see a change). */
  note?: ReactNode;
  filters?: ReactNode;
  columns: Column<Row>[];
  rows: Row[];
  total: number;
  rowKey: (row: Row) => string | number;
  testId?: string;
  footer?: ReactNode;
  /** The change history shown under the table. */
  auditType?: AuditObjectType;
  children?: ReactNode;
}) {
  return (
    <AdminPage title={title} intro={intro} actions={actions}>
      {note}
      {filters}
      <DataTable
        columns={columns}
        rows={rows}
        total={total}
        rowKey={rowKey}
        caption={title}
        {...(testId ? { testId } : {})}
      />
      {footer}
      {auditType ? <AuditTrail objectType={auditType} /> : null}
      {children}
    </AdminPage>
  );
}

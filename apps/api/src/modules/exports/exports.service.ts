import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { type AdminExport } from '@shop/contract/admin/exports.schemas';
import { EXPORT_AT_ONCE_MAX } from '@shop/contract/admin/exports.endpoints';
import { maskSecret } from '@shop/domain/card-keys';
import type { Locale } from '@shop/domain/locale';
import type { Database } from '../../db/database.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import { type Actor, recordAudit } from '../audit/audit.service.ts';
import { dashboard } from '../dashboard/dashboard.service.ts';
import type { CardCipher } from '../fulfilment/card-cipher.ts';
import { enqueueJob } from '../jobs/queue.ts';
import {
  countOrdersForExport,
  type OrderExportQuery,
  orderExportFilter,
  orderExportPages,
} from '../order/order-export.service.ts';
import { dayRange } from '../wallet/wallet.service.ts';
import { type CellValue, csvWriter, type SheetWriter, xlsxWriter } from './export-format.ts';
import { columnsOf, fileNameOf, sheetName, wordFor } from './export-texts.ts';
import {
  countKeySales,
  countLedger,
  countRefunds,
  dueToExpire,
  type ExportRow,
  findExport,
  insertExport,
  keySalesPage,
  ledgerPage,
  listExportsOf,
  refundsPage,
  setFileName,
  updateExport,
  updateRunning,
  userExists,
} from './exports.repository.ts';

// The console's exports (issue 32, decisions 078–079). An export is asked for with its filters;
// the rows are counted (up to EXPORT_AT_ONCE_MAX + 1): that many or fewer stream from the database
// when the signed link is opened, more are written to a file under DATA_DIR/exports by a job
// (progress in the row, the lease held while it writes). Either way rows are read in keyset pages
// and go straight into the writer, so memory does not grow with the export. Every export is
// audited (who, what, filters, rows) in the transaction that records it.

export type ExportKind = 'orders' | 'ledger' | 'key_sales' | 'refunds' | 'dashboard';
export type ExportFormat = 'csv' | 'xlsx';

/** What an export's filters may hold (audited as they were asked for). */
export type ExportFilters = {
  oid?: string | undefined;
  buyer?: string | undefined;
  goods_id?: number | undefined;
  player_id?: string | undefined;
  status?: string | undefined;
  pay_method?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  user_id?: number | undefined;
};

export const EXPORT_JOB = 'export';
/** Rows read per page. */
export const EXPORT_PAGE = 1_000;
/** How long a link works: an at-once export's while the operator's browser opens it, a file's a day. */
export const AT_ONCE_LINK_MS = 10 * 60_000;
export const FILE_LINK_MS = 24 * 3_600_000;
const LIST_SHOWN = 50;

export type ExportDeps = { db: Database; cipher: CardCipher; dataDir: string; linkSecret: Buffer };

const exportJobKey = (id: number) => `${EXPORT_JOB}:${id}`;
const exportsDir = (dataDir: string) => path.join(dataDir, 'exports');
/** The file of a job's export (the creation time in the name: two shops sharing a directory in tests). */
const filePath = (dataDir: string, row: Pick<ExportRow, 'id' | 'format' | 'created_at'>) =>
  path.join(exportsDir(dataDir), `${row.id}-${row.created_at}.${row.format}`);

// ---- links ----

export const linkSignature = (secret: Buffer, id: number, expires: number) =>
  createHmac('sha256', secret).update(`export:${id}:${expires}`).digest('base64url');

function downloadUrl(secret: Buffer, row: ExportRow): string | null {
  if (row.status !== 'ready') return null;
  const expires = Number(row.expires_at);
  return `/api/admin/exports/download?id=${row.id}&expires=${expires}&sig=${linkSignature(secret, Number(row.id), expires)}`;
}

function wire(secret: Buffer, row: ExportRow): AdminExport {
  return {
    id: Number(row.id),
    kind: row.kind,
    format: row.format,
    mode: row.mode,
    status: row.status,
    rows_total: Number(row.rows_total),
    rows_done: Number(row.rows_done),
    file_name: row.file_name,
    byte_size: Number(row.byte_size),
    created_at: Number(row.created_at),
    finished_at: row.finished_at === null ? null : Number(row.finished_at),
    expires_at: Number(row.expires_at),
    download_url: downloadUrl(secret, row),
  };
}

// ---- asking for an export ----

const rangeOf = (f: ExportFilters) => dayRange(f.from, f.to);

/** Counts the rows of an export, exactly up to `cap` (more: cap + 1). */
async function countRows(db: Database, kind: ExportKind, f: ExportFilters, cap: number): Promise<number> {
  switch (kind) {
    case 'orders':
      return countOrdersForExport(db, await orderExportFilter(db, f as OrderExportQuery), cap);
    case 'ledger':
      return countLedger(db, f.user_id!, cap);
    case 'key_sales':
      return countKeySales(db, { goodsId: f.goods_id, ...rangeOf(f) }, cap);
    case 'refunds':
      return countRefunds(db, { status: f.status as 'pending' | undefined, ...rangeOf(f) }, cap);
    case 'dashboard':
      return (await dashboardDays(db)).length;
  }
}

/** The buyer of a ledger export must exist (404 otherwise). */
async function checkTarget(db: Database, kind: ExportKind, f: ExportFilters) {
  if (kind !== 'ledger') return;
  if (!(await userExists(db, f.user_id!))) throw notFound();
}

/** Records an export (and its job when it is large), audited; the answer carries its link when at once. */
export async function requestExport(
  deps: ExportDeps,
  actor: Actor,
  kind: ExportKind,
  request: { format: ExportFormat; locale: Locale } & ExportFilters,
): Promise<AdminExport> {
  const { db } = deps;
  const { format, locale, ...filters } = request;
  await checkTarget(db, kind, filters);
  let rows = await countRows(db, kind, filters, EXPORT_AT_ONCE_MAX);
  const mode = rows > EXPORT_AT_ONCE_MAX ? 'job' : 'now';
  if (mode === 'job') rows = await countRows(db, kind, filters, Number.MAX_SAFE_INTEGER - 1);
  const now = Date.now();
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertExport(trx, {
      operator_id: actor.operatorId!,
      kind,
      format,
      locale,
      filters: JSON.stringify(filters),
      mode,
      status: mode === 'now' ? 'ready' : 'queued',
      rows_total: rows,
      file_name: '',
      error: null,
      created_at: now,
      updated_at: now,
      finished_at: mode === 'now' ? now : null,
      expires_at: now + (mode === 'now' ? AT_ONCE_LINK_MS : FILE_LINK_MS),
    });
    await setFileName(trx, id, fileNameOf(kind, format, now, id));
    const audited: {
      format: ExportFormat;
      locale: Locale;
      mode: 'now' | 'job';
      rows: number;
      filters: ExportFilters;
    } = { format, locale, mode, rows, filters };
    await recordAudit(trx, actor, {
      action: `export.${kind}`,
      objectType: 'export',
      objectId: id,
      after: audited,
    });
    if (mode === 'job') await enqueueJob(trx, { name: EXPORT_JOB, key: exportJobKey(id), runAt: now });
    return id;
  });
  return wire(deps.linkSecret, (await findExport(db, id))!);
}

/** The operator's own exports, newest first. */
export async function myExports(deps: ExportDeps, operatorId: number) {
  const rows = await listExportsOf(deps.db, operatorId, LIST_SHOWN);
  return { list: rows.map((r) => wire(deps.linkSecret, r)) };
}

// ---- the rows ----

async function dashboardDays(db: Database) {
  const data = await dashboard(db, ['orders']);
  return data.sales?.days ?? [];
}

const fen = (decimal: string) => Math.round(Number(decimal) * 100);

/** The rows of an export, a page at a time, as cells in the columns' order. */
async function* rowsOf(deps: ExportDeps, row: ExportRow): AsyncGenerator<CellValue[][]> {
  const { db, cipher } = deps;
  const f = JSON.parse(row.filters) as ExportFilters;
  const locale = row.locale as Locale;
  const zh = locale === 'zh-CN';
  switch (row.kind) {
    case 'orders': {
      const filter = await orderExportFilter(db, f as OrderExportQuery);
      for await (const page of orderExportPages(db, filter, EXPORT_PAGE))
        yield page.map((o) => [
          o.oid,
          wordFor('order', locale, o.status),
          o.buyer,
          zh ? o.goodsZh : o.goodsEn,
          o.playerId,
          o.itemCount,
          o.currency,
          o.totalAmount,
          o.totalCny,
          o.refundedCny,
          wordFor('method', locale, o.payMethod),
          o.createdAt,
          o.paidAt,
        ]);
      return;
    }
    case 'ledger': {
      for (let after = 0; ;) {
        const page = await ledgerPage(db, f.user_id!, after, EXPORT_PAGE);
        if (page.length === 0) return;
        yield page.map((e) => [
          Number(e.created_at),
          wordFor('ledger', locale, e.type),
          Number(e.amount),
          Number(e.balance_before),
          Number(e.balance_after),
          e.ref,
          e.memo,
        ]);
        after = Number(page.at(-1)!.id);
      }
    }
    case 'key_sales': {
      const filter = { goodsId: f.goods_id, ...rangeOf(f) };
      for (let after = 0; ;) {
        const page = await keySalesPage(db, filter, after, EXPORT_PAGE);
        if (page.length === 0) return;
        // Keys leave only masked (ARCHITECTURE.md §6 rule 5): decrypted here, masked at once.
        yield page.map((k) => [
          k.sold_at === null ? null : Number(k.sold_at),
          k.oid,
          zh ? k.goods_name_zh : k.goods_name_en,
          zh ? k.spec_zh : k.spec_en,
          maskSecret(cipher.decrypt(k.secret_enc)),
          Number(k.unit_price_cny),
        ]);
        after = Number(page.at(-1)!.id);
      }
    }
    case 'refunds': {
      const filter = { status: f.status as 'pending' | undefined, ...rangeOf(f) };
      for (let after = 0; ;) {
        const page = await refundsPage(db, filter, after, EXPORT_PAGE);
        if (page.length === 0) return;
        yield page.map((r) => [
          r.no,
          r.oid,
          Number(r.amount_cny),
          wordFor('method', locale, r.destination),
          wordFor('refund', locale, r.status),
          r.reason,
          wordFor('actor', locale, r.actor),
          Number(r.created_at),
          r.finished_at === null ? null : Number(r.finished_at),
        ]);
        after = Number(page.at(-1)!.id);
      }
    }
    case 'dashboard': {
      const days = await dashboardDays(db);
      yield days.map((d) => [
        d.day,
        d.orders,
        d.paid_orders,
        fen(d.revenue_cny),
        d.refunds,
        fen(d.refunds_cny),
        fen(d.refunds_pending_cny),
        d.topup_succeeded,
        d.topup_refunded,
      ]);
      return;
    }
  }
}

/** Writes an export into `out`; `onPage` hears the rows written so far. Resolves with the count. */
export async function writeExport(
  deps: ExportDeps,
  row: ExportRow,
  out: Writable,
  onPage: (done: number) => Promise<void> = async () => {},
): Promise<number> {
  const columns = columnsOf(row.kind, row.locale as Locale);
  const writer: SheetWriter =
    row.format === 'csv'
      ? await csvWriter(out, columns)
      : await xlsxWriter(out, columns, sheetName(row.kind, row.locale as Locale));
  let done = 0;
  for await (const page of rowsOf(deps, row)) {
    await writer.rows(page);
    done += page.length;
    await onPage(done);
  }
  await writer.end();
  return done;
}

// ---- the link ----

export const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The export a signed link names, checked: a bad signature 403, past its time 410 (localized). */
export async function exportOfLink(
  deps: ExportDeps,
  q: { id: number; expires: number; sig: string },
  now = Date.now(),
): Promise<ExportRow> {
  const expected = Buffer.from(linkSignature(deps.linkSecret, q.id, q.expires));
  const given = Buffer.from(q.sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new AppError(403, 'export_link_invalid');
  const row = await findExport(deps.db, q.id);
  if (!row || Number(row.expires_at) !== q.expires) throw new AppError(403, 'export_link_invalid');
  if (q.expires <= now || row.status === 'expired') throw new AppError(410, 'export_expired');
  if (row.status === 'failed') throw new AppError(409, 'export_failed');
  if (row.status !== 'ready') throw new AppError(409, 'export_not_ready');
  return row;
}

/** The body of a download: the file of a job, or the rows streamed from the database now. */
export function exportBody(deps: ExportDeps, row: ExportRow, onError: (e: unknown) => void): Readable {
  if (row.mode === 'job') {
    const file = filePath(deps.dataDir, row);
    // Deleted by hand (or another machine's disk): the link no longer has a file to give.
    if (!fs.existsSync(file)) throw new AppError(410, 'export_expired');
    return fs.createReadStream(file);
  }
  const out = new PassThrough();
  writeExport(deps, row, out).catch((error: unknown) => {
    onError(error);
    out.destroy(error as Error);
  });
  return out;
}

// ---- the job and the sweep ----

/**
 * Writes a large export to its file (a temporary name, renamed when whole). `hold` keeps the job's
 * lease while it writes. A failure marks the export failed (the operator exports again).
 */
export async function runExportJob(
  deps: ExportDeps,
  id: number,
  hold: () => Promise<void>,
): Promise<{ done: true }> {
  const row = await findExport(deps.db, id);
  if (!row || row.status === 'ready' || row.status === 'expired' || row.status === 'failed')
    return { done: true };
  await updateExport(deps.db, id, { status: 'running', rows_done: 0 });
  fs.mkdirSync(exportsDir(deps.dataDir), { recursive: true });
  const final = filePath(deps.dataDir, row);
  const temp = `${final}.${randomBytes(4).toString('hex')}.part`;
  try {
    // Progress after each page (EXPORT_PAGE rows): a thousand small updates for a million rows.
    const rows = await writeExport(deps, row, fs.createWriteStream(temp), async (done) => {
      await updateRunning(deps.db, id, { rows_done: done });
      await hold();
    });
    fs.renameSync(temp, final);
    const now = Date.now();
    await updateRunning(deps.db, id, {
      status: 'ready',
      rows_done: rows,
      rows_total: rows,
      byte_size: fs.statSync(final).size,
      finished_at: now,
      expires_at: now + FILE_LINK_MS,
    });
  } catch (error) {
    fs.rmSync(temp, { force: true });
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await updateRunning(deps.db, id, { status: 'failed', error: message, finished_at: Date.now() });
  }
  return { done: true };
}

/** Exports past their link's time: marked expired, their files deleted. Returns how many. */
export async function expireExports(deps: ExportDeps, now = Date.now()): Promise<number> {
  const due = await dueToExpire(deps.db, now, 200);
  for (const row of due) {
    fs.rmSync(filePath(deps.dataDir, row), { force: true });
    await updateExport(deps.db, Number(row.id), { status: 'expired' });
  }
  return due.length;
}

export const exportJobId = (key: string) => Number(key.slice(`${EXPORT_JOB}:`.length));

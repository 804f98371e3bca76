import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { formatMinor } from '@shop/domain/money';
import ExcelJS from 'exceljs';

// How an export is written (issue 32, decision 078): CSV by hand (a line per row, as the card-key
// export does: UTF-8 with BOM, CRLF, RFC 4180 quoting) and XLSX through exceljs's streaming
// WorkbookWriter, which commits each row to the zip as it goes, so neither keeps the rows in memory.
// Both defuse text against formula injection and write money as numbers.

/** What a column holds: text, a count, money in minor units (2 digits), or an instant (epoch ms). */
export type ColumnType = 'text' | 'int' | 'money' | 'time';
export type Column = { header: string; type: ColumnType; width?: number };
export type CellValue = string | number | null;

/**
 * A text cell that Excel, LibreOffice or Google Sheets would take for a formula (OWASP "CSV
 * injection"): = + - @, and tab or carriage return, which some of them skip before one. Prefixed
 * with ' (shown as text); numbers are written as numbers, so a negative amount is not touched.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export const defuse = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** The shop's time zone (UTC+8, decision 078): the headers say so. */
export const SHOP_OFFSET_MS = 8 * 3_600_000;
export const SHOP_ZONE_LABEL = 'UTC+08:00';

/** `2026-01-02 15:04:05` in the shop's zone. */
export function shopTime(ms: number): string {
  return new Date(ms + SHOP_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

export interface SheetWriter {
  /** Writes rows; resolves when the output may take more. */
  rows(values: readonly (readonly CellValue[])[]): Promise<void>;
  /** Finishes the file (the output stream is ended). */
  end(): Promise<void>;
}

const csvQuote = (s: string) => (/[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s);

function csvCell(type: ColumnType, v: CellValue): string {
  if (v === null || v === '') return '';
  if (type === 'money') return formatMinor(Number(v), 'CNY');
  if (type === 'int') return String(v);
  if (type === 'time') return shopTime(Number(v));
  return csvQuote(defuse(String(v)));
}

async function write(out: Writable, chunk: string): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** CSV: BOM, a heading row, then the rows; CRLF line ends. */
export async function csvWriter(out: Writable, columns: readonly Column[]): Promise<SheetWriter> {
  await write(out, `\uFEFF${columns.map((c) => csvQuote(defuse(c.header))).join(',')}\r\n`);
  return {
    async rows(rows) {
      let chunk = '';
      for (const row of rows) chunk += `${row.map((v, i) => csvCell(columns[i]!.type, v)).join(',')}\r\n`;
      if (chunk) await write(out, chunk);
    },
    async end() {
      out.end();
      await once(out, 'finish');
    },
  };
}

const NUMBER_FORMAT: Record<ColumnType, string | undefined> = {
  text: '@',
  int: '0',
  money: '#,##0.00',
  time: 'yyyy-mm-dd hh:mm:ss',
};

function xlsxCell(type: ColumnType, v: CellValue): ExcelJS.CellValue {
  if (v === null || v === '') return null;
  if (type === 'money') return Number(v) / 100;
  if (type === 'int') return Number(v);
  // A date cell shows the shop's wall time (exceljs writes dates as UTC serial numbers).
  if (type === 'time') return new Date(Number(v) + SHOP_OFFSET_MS);
  return defuse(String(v));
}

/**
 * The writable streams exceljs's sheet buffer feeds (its StreamBuf's pipes: the zip entry's
 * PassThrough, of readable-stream 2, whose queued bytes are `_writableState.length`).
 */
type Piped = { stream?: { pipes?: { _writableState?: { length?: number } }[] } };
const QUEUED_MAX = 1 << 20;

/** Waits (turn by turn of the event loop) until at most QUEUED_MAX bytes wait for the deflate. */
async function drained(sheet: unknown): Promise<void> {
  const pipes = (sheet as Piped).stream?.pipes ?? [];
  do await new Promise((resolve) => setImmediate(resolve));
  while (pipes.some((p) => (p._writableState?.length ?? 0) > QUEUED_MAX));
}

/** XLSX through exceljs's streaming writer: one sheet, a bold heading row, typed cells. */
export async function xlsxWriter(
  out: Writable,
  columns: readonly Column[],
  sheetName: string,
): Promise<SheetWriter> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: `c${i}`,
    width: c.width ?? (c.type === 'time' ? 20 : c.type === 'text' ? 24 : 14),
    style: NUMBER_FORMAT[c.type] ? { numFmt: NUMBER_FORMAT[c.type] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return {
    async rows(rows) {
      for (const row of rows) sheet.addRow(row.map((v, i) => xlsxCell(columns[i]!.type, v))).commit();
      // The committed rows go through exceljs's own buffer into the zip's deflate, which runs on
      // the event loop's next turns and takes no back-pressure: without waiting for it a fast
      // producer (a synchronous SQLite read) queues the whole sheet in memory (200,000 rows: +200
      // MB). So after each page: the deflate's input is let drain, then the output.
      await drained(sheet);
      if (out.writableNeedDrain) await once(out, 'drain');
    },
    async end() {
      sheet.commit();
      await book.commit();
    },
  };
}

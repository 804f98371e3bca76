import { type BadLine, type KeyLine, keyProblem, type ParsedKeys } from '@shop/domain/card-keys';
import type { Locale } from '@shop/domain/locale';
import { parse } from 'csv-parse/sync';

// The CSV export of a buyer's revealed card keys (issue 12, decision 034), and the reading of an
// operator's key file (below). The export is written by hand: it is one function over strings, and
// the part that matters there (a cell that a spreadsheet would run as a formula is defused) is not
// what CSV libraries do by default.

/** Excel reads a CSV as the machine's legacy code page unless it starts with a UTF-8 BOM. */
export const BOM = '\uFEFF';

/**
 * A cell that Excel, LibreOffice or Google Sheets would take for a formula (OWASP "CSV
 * injection"): = + - @, and tab or carriage return, which some of them skip before one.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: a formula start is prefixed with ', then quoted when it holds a quote, comma or break. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows as a CSV document for spreadsheets: BOM, CRLF line ends (RFC 4180). */
export function csvDocument(rows: readonly (readonly string[])[]): string {
  return BOM + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** An IANA time zone this runtime knows, else UTC. */
export function knownTimeZone(tz: string | undefined): string {
  if (!tz) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

/** `2026-01-02 15:04:05` in the zone: sortable, and read as a date by spreadsheets. */
export function zonedDateTime(ms: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

const HEADINGS: Record<Locale, (tz: string) => string[]> = {
  'zh-CN': (tz) => ['订单号', `发放时间（${tz}）`, '商品', '规格', '卡密'],
  en: (tz) => ['Order number', `Delivered at (${tz})`, 'Goods', 'Option', 'Card key'],
};

export type ExportedKey = {
  oid: string;
  deliveredAt: number;
  goodsName: string;
  spec: string;
  secret: string;
};

/** The export: a heading row in the buyer's language, then one row per key, as given. */
export function cardKeysCsv(keys: readonly ExportedKey[], locale: Locale, timeZone: string): string {
  return csvDocument([
    HEADINGS[locale](timeZone),
    ...keys.map((k) => [k.oid, zonedDateTime(k.deliveredAt, timeZone), k.goodsName, k.spec, k.secret]),
  ]);
}

/** `card-keys-2026-01-02.csv`, dated in the buyer's zone. */
export function exportFileName(now: number, timeZone: string): string {
  return `card-keys-${zonedDateTime(now, timeZone).slice(0, 10)}.csv`;
}

// ---- The card-key import (issue 29, decision 057) ----
// A key file is read as CSV by csv-parse: quotes (a quoted key may hold the delimiter, `""` is a
// quote), a UTF-8 BOM, CRLF / LF / CR line ends, and the delimiter of the file (comma; tab or
// semicolon when the file uses them). The key is the first column, trimmed. Blank lines are
// skipped, and a first row that names the column (`card_key`, `卡密`…) is skipped and reported.

export type KeyCsvHeader = { line: number; text: string };
export type KeyCsv = ParsedKeys & { header: KeyCsvHeader | null; delimiter: KeyDelimiter };
export type KeyDelimiter = ',' | '\t' | ';';

/** Column names a key file's first row may have, compared without case, spaces, `_`, `-` or `.`. */
const HEADER_NAMES = new Set([
  'key',
  'keys',
  'cardkey',
  'cardkeys',
  'code',
  'codes',
  'cardcode',
  'cardcodes',
  'card',
  'cards',
  'cardno',
  'cardnumber',
  'cardsecret',
  'cardpassword',
  'secret',
  'secrets',
  'password',
  'pin',
  'serial',
  'serialnumber',
  'redeemcode',
  'redemptioncode',
  'activationcode',
  'giftcode',
  'cdkey',
  '卡密',
  '卡号',
  '卡密码',
  '卡密内容',
  '密钥',
  '激活码',
  '兑换码',
  '序列号',
]);

/** Whether a first row's first cell names the key column rather than holding a key. */
export function isHeaderCell(cell: string): boolean {
  return HEADER_NAMES.has(
    cell
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\s_.-]/g, ''),
  );
}

/** Lines looked at to find the delimiter. */
const SAMPLE_LINES = 20;

/**
 * The delimiter of a key file, from its first non-blank lines: tab when one holds a tab (a
 * spreadsheet's copied cells; a key never holds one), else comma when one holds a comma, else
 * semicolon when every one holds one (a spreadsheet saved as CSV where the comma is the decimal
 * mark), else comma (a file of one column).
 */
export function keyDelimiter(text: string): KeyDelimiter {
  const sample = text
    .split(/\r\n|\n|\r/, 1000)
    .filter((l) => l.trim() !== '')
    .slice(0, SAMPLE_LINES);
  if (sample.some((l) => l.includes('\t'))) return '\t';
  if (sample.some((l) => l.includes(','))) return ',';
  if (sample.length > 0 && sample.every((l) => l.includes(';'))) return ';';
  return ',';
}

/**
 * The keys of a key file (or of a run of its lines starting at `firstLine`): each with the line
 * its record starts on, bad lines with why, and the header row when the text starts the file and
 * its first non-blank row names the column. A quote never closed makes the rest of the text one
 * bad record (reason `quote`), as CSV reads it.
 */
export function parseKeyCsv(text: string, { firstLine = 1 }: { firstLine?: number } = {}): KeyCsv {
  const delimiter = keyDelimiter(text);
  const keys: KeyLine[] = [];
  const bad: BadLine[] = [];
  let header: KeyCsvHeader | null = null;
  /** Lines of the text read so far: the next record starts on the line after. */
  let consumed = 0;
  let first = firstLine === 1;
  parse(text, {
    bom: true,
    delimiter,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: false,
    raw: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      bad.push({ line: firstLine + consumed, reason: 'quote' });
      const lines: unknown = error?.['lines'];
      consumed = typeof lines === 'number' ? lines : consumed + 1;
      first = false;
      return undefined;
    },
    on_record: (row, context) => {
      // With `raw`, a record comes as { record, raw } (csv-parse's types do not say so here).
      const { record, raw } = row as unknown as { record: string[]; raw: string };
      const line = firstLine + consumed;
      consumed = context.lines;
      if (raw.trim() === '') return null;
      const secret = (record[0] ?? '').trim();
      if (first && isHeaderCell(secret)) header = { line, text: secret };
      else {
        const problem = keyProblem(secret);
        if (problem) bad.push({ line, reason: problem });
        else keys.push({ line, secret });
      }
      first = false;
      return null;
    },
  });
  return { keys, bad, header, delimiter };
}

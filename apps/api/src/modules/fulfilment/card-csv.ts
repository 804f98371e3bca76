import type { Locale } from '@shop/domain/locale';

// The CSV export of a buyer's revealed card keys (issue 12, decision 034). Written by hand: it is
// one function over strings, and the part that matters here (a cell that a spreadsheet would run
// as a formula is defused) is not what CSV libraries do by default.

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

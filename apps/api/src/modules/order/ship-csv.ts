import { BATCH_LIMIT, SHIP_LIMITS } from '@shop/contract/admin/batch.endpoints';
import { hasRefusedCharacters } from '@shop/contract/text';
import { ORDER_NUMBER_PATTERN } from '@shop/domain/order';
import { parse } from 'csv-parse/sync';
import { AppError } from '../../plugins/errors.ts';
import type { RowRefusal } from '../admin/batch.ts';

// The shipping CSV of the console (issue 32, decision 081): `order no, carrier, tracking no`, one
// order a line. Read by csv-parse (quotes, `""`, a UTF-8 BOM, CRLF / LF line ends; comma, or tab /
// semicolon when the file uses them: a spreadsheet's export). Blank lines are skipped; a first
// line whose first cell names the column ("order no", "订单号"…) is a header. Each other line is
// a shipment, or refused with why (its line number as the operator's editor shows it).

export type ShipLine = { key: string; line: number; oid: string; carrier: string; tracking_no: string };

const HEADER = /^(order[\s_.-]*(no|number|id|#)?|oid|订单(号|编号)?)$/i;
const TRACKING = /^[\x21-\x7e]+$/;

/** The delimiter: tab or semicolon when the first non-blank line has one and no comma. */
function delimiterOf(text: string): string {
  const first = text.split(/\r\n|\n|\r/).find((l) => l.trim() !== '') ?? '';
  if (first.includes(',')) return ',';
  if (first.includes('\t')) return '\t';
  if (first.includes(';')) return ';';
  return ',';
}

export function parseShipCsv(text: string): { lines: ShipLine[]; refused: RowRefusal[] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text.replace(/^\uFEFF/, '')),
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = Number((error as { lines?: number }).lines ?? 1);
    throw new AppError(400, 'batch_csv_unreadable', { line });
  }
  const rows = records.filter((r) => r.record.some((cell) => cell.trim() !== ''));
  if (rows[0] && HEADER.test((rows[0].record[0] ?? '').trim())) rows.shift();
  if (rows.length === 0) throw new AppError(400, 'batch_csv_no_lines');
  if (rows.length > BATCH_LIMIT)
    throw new AppError(400, 'batch_too_many', { max: BATCH_LIMIT, count: rows.length });

  const lines: ShipLine[] = [];
  const refused: RowRefusal[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of rows) {
    // A record ends on info.lines; a quoted cell may span lines, so it started on the line of its
    // first line break less (counted from its text).
    const line = info.lines - (record.join('').match(/\r\n|\n|\r/g)?.length ?? 0);
    const cells = record.map((c) => c.trim());
    const key = cells[0]?.toUpperCase() ?? '';
    const refuse = (reason: RowRefusal['reason'], params?: RowRefusal['params']) =>
      refused.push({ key, line, reason, ...(params ? { params } : {}) });
    if (cells.length !== 3) {
      refuse('batch_csv_columns', { count: cells.length });
      continue;
    }
    const [, carrier = '', tracking = ''] = cells;
    if (!ORDER_NUMBER_PATTERN.test(key)) refuse('batch_csv_oid', { value: (cells[0] ?? '').slice(0, 40) });
    else if (!carrier || carrier.length > SHIP_LIMITS.carrier || hasRefusedCharacters(carrier))
      refuse('batch_csv_carrier', { max: SHIP_LIMITS.carrier });
    else if (tracking.length > SHIP_LIMITS.tracking || !TRACKING.test(tracking))
      refuse('batch_csv_tracking', { max: SHIP_LIMITS.tracking });
    else if (seen.has(key)) refuse('batch_csv_duplicate', { line: seen.get(key)! });
    else {
      seen.set(key, line);
      lines.push({ key, line, oid: key, carrier, tracking_no: tracking });
    }
  }
  return { lines, refused };
}

// The console's key import (issue 14), apart from the screen so it is tested alone: the text is
// cut into batches of its lines, sent as they are, one after the other, each with the import's id
// and its number; the API reads them as CSV (apps/api card-csv.ts, issue 29), skips a header row
// and says so in the report. A batch that failed (network, server) is sent again with the same id
// and number when the operator resumes: the API answers a batch it already did with its first
// report, so nothing is imported twice and the totals stay right.
import type { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { type BadLine, KEY_FILE_LINE_MAX } from '@shop/domain/card-keys';

export type BatchReport = EndpointData<typeof adminEndpoints.keysImport>;

/** Lines per request: small enough for the progress bar to move, large enough to be quick. */
export const WEB_BATCH = 200;

/**
 * One request's lines. A line the request could not carry (a control character, longer than
 * KEY_FILE_LINE_MAX) is sent empty and reported as a bad line, so the others are still read.
 */
export type LineBatch = { first_line: number; lines: string[]; bad: BadLine[] };
export type ImportPlan = { batches: LineBatch[]; lines: number };

/** The lines of a text (CRLF, LF or CR), without the empty one after a final line break. */
export function textLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r\n|\n|\r/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** What a request's line may not hold (multiline text of packages/contract text.ts): controls but tab. */
const REFUSED_IN_LINE = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;

export function planImport(text: string, size = WEB_BATCH): ImportPlan {
  const all = textLines(text);
  const batches: LineBatch[] = [];
  for (let start = 0; start < all.length; start += size) {
    const bad: BadLine[] = [];
    const lines = all.slice(start, start + size).map((line, i) => {
      const reason = REFUSED_IN_LINE.test(line)
        ? 'control'
        : line.length > KEY_FILE_LINE_MAX
          ? 'too_long'
          : null;
      if (!reason) return line;
      bad.push({ line: start + i + 1, reason });
      return '';
    });
    batches.push({ first_line: start + 1, lines, bad });
  }
  return { batches, lines: all.length };
}

/** Lines of the batches that have their report. */
export function linesDone(plan: ImportPlan, reports: readonly (BatchReport | undefined)[]): number {
  return plan.batches.reduce((n, b, i) => (reports[i] ? n + b.lines.length : n), 0);
}

export type ImportSummary = {
  imported: number;
  duplicates: BatchReport['duplicates'];
  bad: BatchReport['bad'];
  /** The header row the API skipped, if the file had one. */
  header: BatchReport['header'];
};

/** The whole import's report from its batches' reports, lines in file order. */
export function summarize(reports: readonly (BatchReport | undefined)[]): ImportSummary {
  const done = reports.filter((r): r is BatchReport => r !== undefined);
  return {
    imported: done.reduce((n, r) => n + r.imported, 0),
    duplicates: done.flatMap((r) => r.duplicates).sort((a, b) => a.line - b.line),
    bad: done.flatMap((r) => r.bad).sort((a, b) => a.line - b.line),
    header: done.find((r) => r.header)?.header ?? null,
  };
}

/**
 * Sends every batch without a report yet, in order, storing each report as it comes
 * (`onReport`). Stops at the first failure and throws it with the batch's index; the reports so
 * far stay, so calling it again resumes there.
 */
export async function sendBatches(
  plan: ImportPlan,
  reports: (BatchReport | undefined)[],
  send: (batch: LineBatch, index: number) => Promise<BatchReport>,
  onReport: (index: number, report: BatchReport) => void,
): Promise<void> {
  for (const [index, batch] of plan.batches.entries()) {
    if (reports[index]) continue;
    let report: BatchReport;
    try {
      report = await send(batch, index);
    } catch (error) {
      throw new BatchFailed(index, error);
    }
    reports[index] = report;
    onReport(index, report);
  }
}

export class BatchFailed extends Error {
  override readonly name = 'BatchFailed';
  constructor(
    readonly index: number,
    override readonly cause: unknown,
  ) {
    super(`batch ${index} failed`);
  }
}

/**
 * A key file's text: UTF-8, or (a spreadsheet saved on a Chinese Windows) GB18030 when the bytes
 * are not UTF-8.
 */
export function decodeKeyFile(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

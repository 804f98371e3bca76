// The console's key import (issue 14), apart from the screen so it is tested alone: the text is
// read by the shared rules (packages/domain card-keys.ts), cut into batches sent one after the
// other, each with the import's id and its number. A batch that failed (network, server) is sent
// again with the same id and number when the operator resumes: the API answers a batch it already
// did with its first report, so nothing is imported twice and the totals stay right.
import type { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { keyBatches, type ParsedKeys } from '@shop/domain/card-keys';

export type BatchReport = EndpointData<typeof adminEndpoints.keysImport>;

/** Keys per request: small enough for the progress bar to move, large enough to be quick. */
export const WEB_BATCH = 200;

export type ImportPlan = { batches: ParsedKeys[]; lines: number; keys: number; bad: number };

export function planImport(parsed: ParsedKeys, size = WEB_BATCH): ImportPlan {
  return {
    batches: keyBatches(parsed, size),
    lines: parsed.keys.length + parsed.bad.length,
    keys: parsed.keys.length,
    bad: parsed.bad.length,
  };
}

/** Lines of the batches that have their report. */
export function linesDone(plan: ImportPlan, reports: readonly (BatchReport | undefined)[]): number {
  return plan.batches.reduce((n, b, i) => (reports[i] ? n + b.keys.length + b.bad.length : n), 0);
}

export type ImportSummary = {
  imported: number;
  duplicates: BatchReport['duplicates'];
  bad: BatchReport['bad'];
};

/** The whole import's report from its batches' reports, lines in file order. */
export function summarize(reports: readonly (BatchReport | undefined)[]): ImportSummary {
  const done = reports.filter((r): r is BatchReport => r !== undefined);
  return {
    imported: done.reduce((n, r) => n + r.imported, 0),
    duplicates: done.flatMap((r) => r.duplicates).sort((a, b) => a.line - b.line),
    bad: done.flatMap((r) => r.bad).sort((a, b) => a.line - b.line),
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
  send: (batch: ParsedKeys, index: number) => Promise<BatchReport>,
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

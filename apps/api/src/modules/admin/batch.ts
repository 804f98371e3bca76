import type { BatchResult, BatchRowResult } from '@shop/contract/admin/batch.schemas';
import type { Locale } from '@shop/domain/locale';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../plugins/errors.ts';
import { type MessageKey, type MessageParams, translate } from '../../plugins/messages.ts';

// The console's batch work (issue 32, decision 081): one action on many rows, one row after
// another, each through its single-row service (its own transaction, transition and audit). A
// refused row is reported in words and the next one runs; an unexpected failure of a row is
// logged and reported as "could not be done", never stops the batch.

export type BatchRow = { key: string; line: number | null };
/** What a row's action did: changed now, or already so (an identical repeat). */
export type RowOutcome = { changed: boolean };
/** A row refused before its action runs (a CSV line that cannot be read). */
export type RowRefusal = BatchRow & { reason: MessageKey; params?: MessageParams };

export async function runBatch<R extends BatchRow>(
  rows: readonly R[],
  act: (row: R) => Promise<RowOutcome>,
  words: { done: MessageKey; same: MessageKey },
  locale: Locale,
  log?: FastifyBaseLogger,
  refused: readonly RowRefusal[] = [],
): Promise<BatchResult> {
  const results: BatchRowResult[] = refused.map((r) => ({
    key: r.key,
    line: r.line,
    ok: false,
    changed: false,
    reason: r.reason,
    message: translate(locale, r.reason, r.params),
  }));
  for (const row of rows) {
    try {
      const { changed } = await act(row);
      results.push({
        key: row.key,
        line: row.line,
        ok: true,
        changed,
        reason: null,
        message: translate(locale, changed ? words.done : words.same),
      });
    } catch (error) {
      const known = error instanceof AppError;
      if (!known) log?.error({ err: error, row: row.key }, 'batch row failed');
      const reason: MessageKey = known ? error.key : 'batch_failed';
      results.push({
        key: row.key,
        line: row.line,
        ok: false,
        changed: false,
        reason,
        message: translate(locale, reason, known ? error.params : undefined),
      });
    }
  }
  // A file's report reads in the order of its lines.
  results.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return {
    done: results.filter((r) => r.changed).length,
    unchanged: results.filter((r) => r.ok && !r.changed).length,
    failed: results.filter((r) => !r.ok).length,
    list: results,
  };
}

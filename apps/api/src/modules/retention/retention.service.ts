import type { Database } from '../../db/database.ts';
import { FAILURE_WINDOW_MS } from '../account/account.service.ts';
import { type DeadRows, deleteDead } from './retention.repository.ts';

/** Rows per delete statement. */
export const RETENTION_BATCH = 1_000;
/** Statements per kind of row in one run; a bigger backlog is left for the next run, soon after. */
export const RETENTION_MAX_BATCHES = 20;

export type RetentionPeriods = {
  /** RETENTION_DAYS: sent messages, finished jobs, expired or revoked tokens. */
  recordsMs: number;
  /** RETENTION_CODES_HOURS: captchas, verification codes, failed-login counts, after they expire. */
  codesMs: number;
};

export type PruneResult = { deleted: Record<string, number>; more: boolean };

/**
 * Deletes what expired or finished longer ago than its period (issue 11, finding 8; decision
 * 026). Each delete is its own short statement and deleting twice deletes nothing, so two
 * processes running it at once (a lease that ran out) do no harm.
 */
export async function pruneExpired(
  db: Database,
  periods: RetentionPeriods,
  now = Date.now(),
): Promise<PruneResult> {
  const codes = now - periods.codesMs;
  const records = now - periods.recordsMs;
  const before: Record<DeadRows, number> = {
    captchas: codes,
    verification_codes: codes,
    // A count means nothing once its window is over; it is kept as long as a used-up code.
    login_failures: codes - FAILURE_WINDOW_MS,
    expired_tokens: records,
    revoked_tokens: records,
    sent_messages: records,
    finished_jobs: records,
  };
  const result: PruneResult = { deleted: {}, more: false };
  for (const [kind, time] of Object.entries(before) as [DeadRows, number][]) {
    let total = 0;
    for (let batch = 0; batch < RETENTION_MAX_BATCHES; batch++) {
      const count = await deleteDead(db, kind, time, RETENTION_BATCH);
      total += count;
      if (count < RETENTION_BATCH) break;
      if (batch === RETENTION_MAX_BATCHES - 1) result.more = true;
    }
    result.deleted[kind] = total;
  }
  return result;
}

import type { Channel, Database, Executor } from '../../db/database.ts';
import { CARD_KEYS_PLACEHOLDER, cardKeysOrder } from './buyer-notice.ts';
import {
  claimMessage,
  dueMessages,
  insertOutbox,
  listOutbox,
  markFailed,
  markSent,
} from './messaging.repository.ts';
import type { Transports } from './transports.ts';

/** Tries per message before it is left for an operator (its last error stays on the row). */
export const MAX_ATTEMPTS = 6;
/** A claimed message is another process's for this long (longer than any send may take). */
const LEASE_MS = 60_000;
const BATCH = 20;

/** Wait before try n+1: 30 s, 1 min, 2 min, … */
export const retryDelay = (attempts: number) => 30_000 * 2 ** Math.max(0, attempts - 1);

/** Queues a message to an address in the caller's transaction; the outbox job sends it. */
export const queueMessage = (trx: Executor, message: Parameters<typeof insertOutbox>[1]) =>
  insertOutbox(trx, message);

/** The latest messages, for the dev outbox; a mail of card keys shows a placeholder. */
export async function recentOutbox(db: Database, limit = 50) {
  return (await listOutbox(db, limit)).map((m) =>
    cardKeysOrder(m.body) === undefined ? m : { ...m, body: CARD_KEYS_PLACEHOLDER },
  );
}

export type DispatchResult = { sent: number; failed: number };

/**
 * Sends the due messages of every channel that has a transport. Each message is claimed first,
 * so concurrent dispatchers (two processes, or a kick during a tick) never send one twice; a
 * failure is retried later with back-off, up to MAX_ATTEMPTS tries.
 */
export async function dispatchOutbox(
  db: Database,
  transports: Transports,
  onError: (error: unknown, id: number) => void = () => {},
  /** Writes out a body stored as a reference (buyer-notice.ts: card keys); others are sent as stored. */
  render: (body: string) => Promise<string> = async (body) => body,
): Promise<DispatchResult> {
  const channels = (Object.keys(transports) as Channel[]).filter((c) => transports[c]);
  const result: DispatchResult = { sent: 0, failed: 0 };
  if (channels.length === 0) return result;
  const now = Date.now();
  for (const message of await dueMessages(db, channels, now, BATCH)) {
    if (message.attempts >= MAX_ATTEMPTS) continue;
    if (!(await claimMessage(db, message.id, now, LEASE_MS))) continue;
    try {
      const body = await render(message.body);
      await transports[message.channel]!.send({ ...message, body });
      await markSent(db, message.id, Date.now());
      result.sent += 1;
    } catch (error) {
      onError(error, message.id);
      const attempts = message.attempts + 1;
      const retryAt = attempts >= MAX_ATTEMPTS ? Number.MAX_SAFE_INTEGER : Date.now() + retryDelay(attempts);
      await markFailed(db, message.id, retryAt, error instanceof Error ? error.message : String(error));
      result.failed += 1;
    }
  }
  return result;
}

import type { AlertKind } from '@shop/contract/admin/alerts.endpoints';
import type { Executor } from '../../db/database.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { insertEvent } from './alerts.repository.ts';

// Recording an alert (issue 32, decision 076): the module where something happened calls
// recordAlert in the transaction of its cause, so the event exists exactly when the cause does —
// a rolled-back payment leaves no alert, a committed one cannot lose it. The event key makes it
// once: a repeated transaction, a second process or a second sweep finds the key taken and adds
// nothing. The same transaction queues the fan-out job that turns the event into deliveries.
// This file is the module's floor: it imports only its repository and the jobs table, so every
// module may call it.

export const ALERT_FANOUT_JOB = 'alert-fanout';
export const ALERT_SEND_JOB = 'alert-send';
export const fanoutJobKey = (eventId: number) => `${ALERT_FANOUT_JOB}:${eventId}`;
export const sendJobKey = (deliveryId: number) => `${ALERT_SEND_JOB}:${deliveryId}`;

/** Returns the new event's id, or null when an event with this key was recorded before. */
export async function recordAlert(
  trx: Executor,
  kind: AlertKind,
  key: string,
  payload: Record<string, unknown>,
  now = Date.now(),
): Promise<number | null> {
  const id = await insertEvent(trx, {
    kind,
    event_key: `${kind}:${key}`.slice(0, 200),
    payload: JSON.stringify(payload),
    created_at: now,
  });
  if (id === undefined) return null;
  await enqueueJob(trx, { name: ALERT_FANOUT_JOB, key: fanoutJobKey(id), runAt: now });
  return id;
}

import { OPEN_DELIVERY_STATUSES } from '@shop/domain/order';
import type { Insertable, Updateable } from 'kysely';
import type { AlertDeliveriesTable, AlertDeliveryStatus, AlertChannel, Executor } from '../../db/database.ts';

// The alerts' queries (issue 32). The checks of "past a limit" read the deliveries and tickets
// tables, as the dashboard does: reads only, nothing of those modules is changed here.

/** Adds an event unless its key exists; its id, or undefined when it existed. */
export async function insertEvent(
  db: Executor,
  row: { kind: string; event_key: string; payload: string; created_at: number },
): Promise<number | undefined> {
  const r = await db
    .insertInto('alert_events')
    .values(row)
    .onConflict((oc) => oc.column('event_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return r ? Number(r.id) : undefined;
}

export const findEvent = (db: Executor, id: number) =>
  db.selectFrom('alert_events').selectAll().where('id', '=', id).executeTakeFirst();

/** The operators subscribed to a kind, with what a delivery needs (active ones only). */
export const subscribersOf = (db: Executor, kind: string) =>
  db
    .selectFrom('alert_subscriptions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .leftJoin('alert_recipients as r', 'r.operator_id', 's.operator_id')
    .select(['s.operator_id', 's.channel', 'o.email', 'o.role', 'o.permissions', 'r.telegram_chat_id'])
    .where('s.kind', '=', kind)
    .where('o.is_active', '=', 1)
    .orderBy('s.id')
    .execute();

export const enabledWebhooks = (db: Executor) =>
  db.selectFrom('alert_webhooks').selectAll().where('enabled', '=', 1).orderBy('id').execute();

/** Adds a delivery unless its key exists; its id, or undefined when it existed. */
export async function insertDelivery(
  db: Executor,
  row: Insertable<AlertDeliveriesTable>,
): Promise<number | undefined> {
  const r = await db
    .insertInto('alert_deliveries')
    .values(row)
    .onConflict((oc) => oc.column('delivery_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return r ? Number(r.id) : undefined;
}

export const findDelivery = (db: Executor, id: number) =>
  db
    .selectFrom('alert_deliveries as d')
    .innerJoin('alert_events as e', 'e.id', 'd.event_id')
    .selectAll('d')
    .select(['e.kind', 'e.payload', 'e.event_key', 'e.created_at as event_at'])
    .where('d.id', '=', id)
    .executeTakeFirst();
export type DeliveryRow = NonNullable<Awaited<ReturnType<typeof findDelivery>>>;

/** Changes a delivery only from one of `from` (a conditional update); whether it did. */
export async function moveDeliveryRow(
  db: Executor,
  id: number,
  from: AlertDeliveryStatus[],
  set: Updateable<AlertDeliveriesTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('alert_deliveries')
    .set(set)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export type DeliveryFilter = {
  operatorId?: number | undefined;
  status?: AlertDeliveryStatus | undefined;
  channel?: AlertChannel | undefined;
};

function filtered(db: Executor, f: DeliveryFilter) {
  let q = db.selectFrom('alert_deliveries as d').innerJoin('alert_events as e', 'e.id', 'd.event_id');
  if (f.operatorId !== undefined) q = q.where('d.operator_id', '=', f.operatorId);
  if (f.status) q = q.where('d.status', '=', f.status);
  if (f.channel) q = q.where('d.channel', '=', f.channel);
  return q;
}

export const listDeliveryRows = (
  db: Executor,
  f: DeliveryFilter,
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) =>
  filtered(db, f)
    .leftJoin('alert_webhooks as w', 'w.id', 'd.webhook_id')
    .leftJoin('operators as o', 'o.id', 'd.operator_id')
    .selectAll('d')
    .select(['e.kind', 'e.payload', 'w.name as webhook_name', 'o.email as operator_email'])
    .orderBy('d.id', order)
    .limit(limit)
    .offset(offset)
    .execute();

export async function countDeliveryRows(db: Executor, f: DeliveryFilter): Promise<number> {
  const r = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

// The operator's own subscriptions and chat.

export const subscriptionsOf = (db: Executor, operatorId: number) =>
  db
    .selectFrom('alert_subscriptions')
    .select(['kind', 'channel'])
    .where('operator_id', '=', operatorId)
    .orderBy('id')
    .execute();

export async function replaceSubscriptions(
  db: Executor,
  operatorId: number,
  rows: { kind: string; channel: 'email' | 'telegram' }[],
  now: number,
): Promise<void> {
  await db.deleteFrom('alert_subscriptions').where('operator_id', '=', operatorId).execute();
  if (rows.length > 0)
    await db
      .insertInto('alert_subscriptions')
      .values(
        rows.map((r) => ({ operator_id: operatorId, kind: r.kind, channel: r.channel, created_at: now })),
      )
      .execute();
}

export async function chatOf(db: Executor, operatorId: number): Promise<string> {
  const r = await db
    .selectFrom('alert_recipients')
    .select('telegram_chat_id')
    .where('operator_id', '=', operatorId)
    .executeTakeFirst();
  return r?.telegram_chat_id ?? '';
}

export async function setChat(db: Executor, operatorId: number, chatId: string, now: number): Promise<void> {
  await db
    .insertInto('alert_recipients')
    .values({ operator_id: operatorId, telegram_chat_id: chatId, updated_at: now })
    .onConflict((oc) => oc.column('operator_id').doUpdateSet({ telegram_chat_id: chatId, updated_at: now }))
    .execute();
}

// The shop's alert configuration (the bot token sealed, the limits).

export async function readConfig(db: Executor): Promise<Map<string, string>> {
  const rows = await db.selectFrom('alert_config').select(['key', 'value']).execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function writeConfig(
  db: Executor,
  key: string,
  value: string | null,
  now: number,
): Promise<void> {
  if (value === null) {
    await db.deleteFrom('alert_config').where('key', '=', key).execute();
    return;
  }
  await db
    .insertInto('alert_config')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

// Webhooks.

export const listWebhookRows = (db: Executor) =>
  db.selectFrom('alert_webhooks').selectAll().orderBy('id').execute();
export const findWebhook = (db: Executor, id: number) =>
  db.selectFrom('alert_webhooks').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertWebhook(
  db: Executor,
  row: {
    name: string;
    url: string;
    secret_sealed: string;
    secret_last4: string;
    kinds: string;
    enabled: number;
    now: number;
  },
): Promise<number> {
  const { now, ...values } = row;
  const r = await db
    .insertInto('alert_webhooks')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export const updateWebhookRow = (
  db: Executor,
  id: number,
  set: Partial<{
    name: string;
    url: string;
    secret_sealed: string;
    secret_last4: string;
    kinds: string;
    enabled: number;
    updated_at: number;
  }>,
) => db.updateTable('alert_webhooks').set(set).where('id', '=', id).execute();

export const deleteWebhookRow = (db: Executor, id: number) =>
  db.deleteFrom('alert_webhooks').where('id', '=', id).executeTakeFirst();

export async function countWebhooks(db: Executor): Promise<number> {
  const r = await db
    .selectFrom('alert_webhooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

// The development Telegram sandbox.

/** Records a message once per delivery key; whether it was new. */
export async function insertSandboxMessage(
  db: Executor,
  row: { delivery_key: string; chat_id: string; text: string; created_at: number },
): Promise<boolean> {
  const r = await db
    .insertInto('alert_telegram_sandbox')
    .values(row)
    .onConflict((oc) => oc.column('delivery_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

export const listSandboxMessages = (db: Executor, limit: number) =>
  db.selectFrom('alert_telegram_sandbox').selectAll().orderBy('id', 'desc').limit(limit).execute();

// Operator addresses.

export const knownAddressCount = async (db: Executor, operatorId: number) =>
  Number(
    (
      await db
        .selectFrom('operator_login_addresses')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('operator_id', '=', operatorId)
        .executeTakeFirst()
    )?.n ?? 0,
  );

/** Remembers an address; whether it was new for the operator. */
export async function rememberAddress(
  db: Executor,
  operatorId: number,
  ip: string,
  now: number,
): Promise<boolean> {
  const r = await db
    .insertInto('operator_login_addresses')
    .values({ operator_id: operatorId, ip, first_at: now })
    .onConflict((oc) => oc.columns(['operator_id', 'ip']).doNothing())
    .returning('ip')
    .executeTakeFirst();
  return r !== undefined;
}

// Low stock: the options told about while they stay low.

export const lowStockKnown = async (db: Executor) =>
  (await db.selectFrom('alert_low_stock').select('option_key').execute()).map((r) => r.option_key);

/** Marks options told about; returns those this call marked (a concurrent sweep got the others). */
export async function markLowStock(db: Executor, keys: string[], now: number): Promise<string[]> {
  const marked: string[] = [];
  for (const key of keys) {
    const r = await db
      .insertInto('alert_low_stock')
      .values({ option_key: key, since: now })
      .onConflict((oc) => oc.column('option_key').doNothing())
      .returning('option_key')
      .executeTakeFirst();
    if (r) marked.push(key);
  }
  return marked;
}

export const forgetLowStock = (db: Executor, keys: string[]) =>
  keys.length === 0
    ? Promise.resolve()
    : db.deleteFrom('alert_low_stock').where('option_key', 'in', keys).execute();

// The "past a limit" checks (reads of other modules' tables, as the dashboard's).

/** Top-ups still open that were created before `before` (oldest first). */
export const pendingTopups = (db: Executor, before: number, limit: number) =>
  db
    .selectFrom('deliveries as d')
    .innerJoin('orders as o', 'o.id', 'd.order_id')
    .innerJoin('order_items as i', 'i.id', 'd.order_item_id')
    .select(['d.order_item_id', 'o.oid', 'i.goods_name_zh', 'i.goods_name_en'])
    .where('d.kind', '=', 'topup')
    .where('d.status', 'in', OPEN_DELIVERY_STATUSES)
    .where('d.created_at', '<', before)
    .orderBy('d.created_at')
    .limit(limit)
    .execute();

/** Open tickets (the buyer spoke last) untouched since before `before`. */
export const unansweredTickets = (db: Executor, before: number, limit: number) =>
  db
    .selectFrom('support_tickets')
    .select(['id', 'subject', 'updated_at'])
    .where('status', '=', 'open')
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute();

import {
  ALERT_KIND_ACCESS,
  ALERT_KINDS,
  ALERT_LIMITS,
  ALERT_NOTES,
  type AlertKind,
  WEBHOOKS_MAX,
} from '@shop/contract/admin/alerts.endpoints';
import type {
  AlertDelivery,
  DeliveriesQuery,
  SubscriptionsSetBody,
  WebhookCreateBody,
  WebhookUpdateBody,
} from '@shop/contract/admin/alerts.schemas';
import { effectivePermissions, mayAccess, normalizePermissions, type OperatorRole } from '@shop/domain/admin';
import type { Locale } from '@shop/domain/locale';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import { type Actor, recordAudit } from '../audit/audit.service.ts';
import { enqueueJob, JOB_MAX_ATTEMPTS, jobRetryDelay, type JobOutcome, requeueJob } from '../jobs/queue.ts';
import { queueMessage } from '../messaging/messaging.service.ts';
import { ALERT_SEND_JOB, recordAlert, sendJobKey } from './alert-events.ts';
import { type SendAnswer, sendTelegram, sendWebhook, TELEGRAM_API } from './alert-senders.ts';
import { alertText, bilingualAlert } from './alert-text.ts';
import {
  chatOf,
  countDeliveryRows,
  countWebhooks,
  deleteWebhookRow,
  type DeliveryRow,
  enabledWebhooks,
  findDelivery,
  findEvent,
  findWebhook,
  forgetLowStock,
  insertDelivery,
  insertSandboxMessage,
  insertWebhook,
  knownAddressCount,
  listDeliveryRows,
  listSandboxMessages,
  listWebhookRows,
  lowStockKnown,
  markLowStock,
  moveDeliveryRow,
  pendingTopups,
  readConfig,
  rememberAddress,
  replaceSubscriptions,
  setChat,
  subscribersOf,
  subscriptionsOf,
  unansweredTickets,
  updateWebhookRow,
  writeConfig,
} from './alerts.repository.ts';

// Operators' alerts (issue 32, decisions 076–077). An event (alert-events.ts) is fanned out by a
// job into one delivery per (event, channel, recipient), each under a unique key; each delivery is
// then sent by a job of its own. Mail is queued in the outbox in the transaction that marks the
// delivery sent, and the development Telegram sandbox records its message the same way, so those
// are sent exactly once; a webhook or the real Telegram is a call out of the shop, retried with
// back-off until it answers 2xx, carrying the delivery key for the receiver to drop a repeat.

/** The card-key cipher's sealing, for the bot token and the webhook secrets (as card keys). */
export type Sealer = { encrypt(secret: string): string; decrypt(stored: string): string };

/** How the process sends to Telegram: the sandbox is allowed outside production mode only. */
export type TelegramOptions = { sandboxAllowed: boolean; apiBase?: string };

/** Who looks: the operator as the console knows them. */
export type Viewer = { id: number; email: string; role: OperatorRole; permissions: string };

const grantOf = (op: { role: OperatorRole; permissions: string }) => ({
  role: op.role,
  permissions: effectivePermissions({
    role: op.role,
    permissions: normalizePermissions(JSON.parse(op.permissions) as string[]),
  }),
});

const mayHear = (op: { role: OperatorRole; permissions: string }, kind: AlertKind) =>
  mayAccess(grantOf(op), ALERT_KIND_ACCESS[kind]);

const isKind = (kind: string): kind is AlertKind => (ALERT_KINDS as readonly string[]).includes(kind);

const TOKEN_KEY = 'telegram_token';
const LIMIT_KEYS = ['topup_pending_minutes', 'ticket_unanswered_minutes'] as const;

// ---- Fan-out and sending (the jobs) ----

/**
 * The fan-out job of an event: a delivery for each subscribed operator allowed to hear of it (their
 * permissions now) and each enabled webhook that takes its kind, with a send job each, in one
 * transaction. Run twice (a lost lease), it adds nothing: every delivery and job key exists.
 */
export async function fanOut(db: Database, eventId: number): Promise<JobOutcome> {
  await db.transaction().execute(async (trx) => {
    const event = await findEvent(trx, eventId);
    if (!event || !isKind(event.kind)) return;
    const kind = event.kind;
    const now = Date.now();
    const add = async (row: {
      channel: 'email' | 'telegram' | 'webhook';
      recipient: string;
      operator_id: number | null;
      webhook_id: number | null;
      target: string;
      failure?: string;
    }) => {
      const { failure, ...values } = row;
      const id = await insertDelivery(trx, {
        ...values,
        event_id: eventId,
        delivery_key: `${eventId}:${row.channel}:${row.recipient}`,
        status: failure ? 'failed' : 'queued',
        last_response: failure ?? '',
        created_at: now,
        updated_at: now,
      });
      if (id !== undefined && !failure)
        await enqueueJob(trx, { name: ALERT_SEND_JOB, key: sendJobKey(id), runAt: now });
    };
    for (const s of await subscribersOf(trx, kind)) {
      if (!mayHear(s, kind)) continue;
      const operatorId = Number(s.operator_id);
      const chat = s.telegram_chat_id ?? '';
      await add({
        channel: s.channel,
        recipient: `op:${operatorId}`,
        operator_id: operatorId,
        webhook_id: null,
        target: s.channel === 'email' ? s.email : chat,
        ...(s.channel === 'telegram' && chat === '' ? { failure: ALERT_NOTES.no_chat } : {}),
      });
    }
    for (const hook of await enabledWebhooks(trx)) {
      if (!(JSON.parse(hook.kinds) as string[]).includes(kind)) continue;
      await add({
        channel: 'webhook',
        recipient: `webhook:${hook.id}`,
        operator_id: null,
        webhook_id: Number(hook.id),
        target: hook.url,
      });
    }
  });
  return { done: true };
}

/** The JSON a webhook receives. */
export function webhookBody(d: DeliveryRow): string {
  const zh = alertText(d.kind, d.payload, 'zh-CN');
  const en = alertText(d.kind, d.payload, 'en');
  return JSON.stringify({
    delivery: d.delivery_key,
    event: {
      id: Number(d.event_id),
      kind: d.kind,
      created_at: Number(d.event_at),
      data: JSON.parse(d.payload) as unknown,
    },
    text: { 'zh-CN': [zh.title, ...zh.lines].join('\n'), en: [en.title, ...en.lines].join('\n') },
  });
}

/**
 * The send job of one delivery. A delivery already sent is done (a repeated job sends nothing).
 * A failed try is written to the log (attempts, status, response, next try) and thrown, so the
 * jobs runner retries it with its back-off; after JOB_MAX_ATTEMPTS the delivery is `failed`.
 */
export async function sendDelivery(
  db: Database,
  sealer: Sealer,
  telegram: TelegramOptions,
  deliveryId: number,
  jobAttempts: number,
): Promise<JobOutcome> {
  const d = await findDelivery(db, deliveryId);
  if (!d || d.status === 'sent' || d.status === 'failed') return { done: true };
  const now = Date.now();
  const message = bilingualAlert(d.kind, d.payload);

  if (d.channel === 'email') {
    // Exactly once: the outbox row and the delivery's `sent` commit together or not at all.
    await db.transaction().execute(async (trx) => {
      const moved = await moveDeliveryRow(trx, deliveryId, ['queued', 'sending'], {
        status: 'sent',
        attempts: Number(d.attempts) + 1,
        last_response: ALERT_NOTES.outbox,
        sent_at: now,
        next_at: null,
        updated_at: now,
      });
      if (moved)
        await queueMessage(trx, {
          channel: 'email',
          recipient: d.target,
          subject: message.subject.slice(0, 200),
          body: message.body,
          created_at: now,
        });
    });
    return { done: true };
  }

  let answer: SendAnswer;
  if (d.channel === 'telegram') {
    const sealed = (await readConfig(db)).get(TOKEN_KEY);
    if (!sealed && telegram.sandboxAllowed) {
      // The sandbox: recorded once per delivery key, in the transaction that marks it sent.
      await db.transaction().execute(async (trx) => {
        const moved = await moveDeliveryRow(trx, deliveryId, ['queued', 'sending'], {
          status: 'sent',
          attempts: Number(d.attempts) + 1,
          last_status: 200,
          last_response: ALERT_NOTES.sandbox,
          sent_at: now,
          next_at: null,
          updated_at: now,
        });
        if (moved)
          await insertSandboxMessage(trx, {
            delivery_key: d.delivery_key,
            chat_id: d.target,
            text: message.body,
            created_at: now,
          });
      });
      return { done: true };
    }
    await markSending(db, d, now);
    answer = sealed
      ? await sendTelegram(sealer.decrypt(sealed), d.target, message.body, telegram.apiBase ?? TELEGRAM_API)
      : { ok: false, status: null, response: ALERT_NOTES.no_token };
  } else {
    const hook = d.webhook_id === null ? undefined : await findWebhook(db, Number(d.webhook_id));
    if (!hook) {
      await moveDeliveryRow(db, deliveryId, ['queued', 'sending'], {
        status: 'failed',
        last_response: ALERT_NOTES.webhook_removed,
        updated_at: now,
      });
      return { done: true };
    }
    await markSending(db, d, now);
    answer = await sendWebhook(
      { url: hook.url, secret: sealer.decrypt(hook.secret_sealed) },
      d.delivery_key,
      webhookBody(d),
      now,
    );
  }

  const after = Date.now();
  if (answer.ok) {
    await moveDeliveryRow(db, deliveryId, ['queued', 'sending'], {
      status: 'sent',
      last_status: answer.status,
      last_response: answer.response,
      sent_at: after,
      next_at: null,
      updated_at: after,
    });
    return { done: true };
  }
  const last = jobAttempts >= JOB_MAX_ATTEMPTS;
  await moveDeliveryRow(db, deliveryId, ['queued', 'sending'], {
    status: last ? 'failed' : 'queued',
    last_status: answer.status,
    last_response: answer.response,
    next_at: last ? null : after + jobRetryDelay(jobAttempts),
    updated_at: after,
  });
  throw new Error(
    `alert delivery ${deliveryId} failed: ${answer.status ?? 'no answer'} ${answer.response}`.slice(0, 400),
  );
}

/** Counted before the call: a try that dies with the process still shows in the log. */
const markSending = (db: Executor, d: DeliveryRow, now: number) =>
  moveDeliveryRow(db, Number(d.id), ['queued', 'sending'], {
    status: 'sending',
    attempts: Number(d.attempts) + 1,
    updated_at: now,
  });

// ---- Events recorded by the checks ("past a limit", low stock, reconciliation) ----

export type LowStockOption = {
  key: string;
  goods_zh: string;
  goods_en: string;
  option_zh: string;
  option_en: string;
  stock: number;
  alert: number;
};
export type ReconciliationFinding = { kind: string; detail: string; payment_no: string; oid: string | null };

/** At most this many events of one check per run (the rest come next run). */
const CHECK_BATCH = 200;

async function limits(db: Executor) {
  const config = await readConfig(db);
  const value = (key: (typeof LIMIT_KEYS)[number]) => {
    const n = Number(config.get(key));
    return Number.isInteger(n) && n > 0 ? n : ALERT_LIMITS[key].default;
  };
  return {
    topup_pending_minutes: value('topup_pending_minutes'),
    ticket_unanswered_minutes: value('ticket_unanswered_minutes'),
  };
}

/**
 * The scheduled check (a recurring job): top-ups pending and tickets unanswered past their limits,
 * and card-key options that fell under their alert level since the last run, as one digest. Each
 * event's key makes a repeated check add nothing; an option is told about again only after it
 * recovered.
 */
export async function checkAlerts(
  db: Database,
  lowStock: () => Promise<LowStockOption[]>,
  now = Date.now(),
): Promise<{ events: number }> {
  const l = await limits(db);
  let events = 0;
  const count = (id: number | null) => void (id !== null && (events += 1));

  for (const t of await pendingTopups(db, now - l.topup_pending_minutes * 60_000, CHECK_BATCH))
    await db.transaction().execute(async (trx) =>
      count(
        await recordAlert(trx, 'topup_pending', String(t.order_item_id), {
          oid: t.oid,
          goods_zh: t.goods_name_zh,
          goods_en: t.goods_name_en,
          minutes: l.topup_pending_minutes,
        }),
      ),
    );
  for (const t of await unansweredTickets(db, now - l.ticket_unanswered_minutes * 60_000, CHECK_BATCH))
    await db.transaction().execute(async (trx) =>
      count(
        await recordAlert(trx, 'ticket_unanswered', `${t.id}:${Number(t.updated_at)}`, {
          id: Number(t.id),
          subject: t.subject,
          minutes: l.ticket_unanswered_minutes,
        }),
      ),
    );

  const low = await lowStock();
  await db.transaction().execute(async (trx) => {
    const known = new Set(await lowStockKnown(trx));
    const lowKeys = new Set(low.map((o) => o.key));
    await forgetLowStock(
      trx,
      [...known].filter((k) => !lowKeys.has(k)),
    );
    const marked = new Set(
      await markLowStock(
        trx,
        low.filter((o) => !known.has(o.key)).map((o) => o.key),
        now,
      ),
    );
    if (marked.size === 0) return;
    const options = low.filter((o) => marked.has(o.key));
    // One digest for every option that fell under its level since the last check.
    count(await recordAlert(trx, 'low_stock', `${now}:${[...marked].sort().join(',')}`, { options }, now));
  });
  return { events };
}

/** The reconciliation check: each finding is an event once (its kind, detail and payment). */
export async function recordReconciliation(db: Database, findings: ReconciliationFinding[]): Promise<number> {
  let events = 0;
  for (const f of findings)
    await db.transaction().execute(async (trx) => {
      const id = await recordAlert(trx, 'reconciliation', `${f.kind}:${f.detail}:${f.payment_no}`, {
        finding: f.kind,
        detail: f.detail,
        payment_no: f.payment_no,
        oid: f.oid,
      });
      if (id !== null) events += 1;
    });
  return events;
}

/**
 * An operator logged in (in the login's transaction): the address is remembered, and an address
 * new for an operator who had logged in before is an event (the first login ever is not news).
 */
export async function noteOperatorLogin(
  trx: Executor,
  op: { id: number; email: string },
  ip: string,
  now: number,
): Promise<void> {
  const before = await knownAddressCount(trx, op.id);
  if (!(await rememberAddress(trx, op.id, ip.slice(0, 64), now)) || before === 0) return;
  await recordAlert(trx, 'operator_login', `${op.id}:${ip}`, { email: op.email, ip }, now);
}

// ---- The console ----

export async function mySubscriptions(db: Executor, op: Viewer, telegram: TelegramOptions) {
  const [rows, chat, config] = await Promise.all([
    subscriptionsOf(db, op.id),
    chatOf(db, op.id),
    readConfig(db),
  ]);
  const kinds = ALERT_KINDS.filter((k) => mayHear(op, k));
  const tokenSet = config.has(TOKEN_KEY);
  return {
    kinds,
    subscriptions: rows
      .filter((r) => isKind(r.kind) && kinds.includes(r.kind))
      .map((r) => ({ kind: r.kind as AlertKind, channel: r.channel })),
    email: op.email,
    telegram_chat_id: chat,
    telegram_ready: tokenSet || telegram.sandboxAllowed,
    telegram_sandbox: !tokenSet && telegram.sandboxAllowed,
  };
}

export async function setMySubscriptions(
  db: Database,
  actor: Actor,
  op: Viewer,
  body: SubscriptionsSetBody,
  telegram: TelegramOptions,
) {
  const wanted = [...new Map(body.subscriptions.map((s) => [`${s.kind}:${s.channel}`, s])).values()];
  if (wanted.some((s) => !mayHear(op, s.kind))) throw new AppError(403, 'alert_kind_not_allowed');
  await db.transaction().execute(async (trx) => {
    const now = Date.now();
    const before = {
      subscriptions: await subscriptionsOf(trx, op.id),
      telegram_chat_id: await chatOf(trx, op.id),
    };
    await replaceSubscriptions(trx, op.id, wanted, now);
    await setChat(trx, op.id, body.telegram_chat_id, now);
    await recordAudit(trx, actor, {
      action: 'operator.alerts',
      objectType: 'operator',
      objectId: op.id,
      before: {
        alert_subscriptions: before.subscriptions.map((s) => `${s.kind}:${s.channel}`),
        telegram_chat_id: before.telegram_chat_id,
      },
      after: {
        alert_subscriptions: wanted.map((s) => `${s.kind}:${s.channel}`),
        telegram_chat_id: body.telegram_chat_id,
      },
    });
  });
  return mySubscriptions(db, op, telegram);
}

const maskChat = (chat: string) => (chat.length <= 4 ? chat : `…${chat.slice(-4)}`);

function toWire(
  r:
    | Awaited<ReturnType<typeof listDeliveryRows>>[number]
    | (DeliveryRow & { webhook_name?: string | null; operator_email?: string | null }),
  locale: Locale,
): AlertDelivery {
  const recipient =
    r.channel === 'webhook'
      ? (r.webhook_name ?? r.target)
      : r.channel === 'telegram'
        ? `${r.operator_email ?? ''} · ${maskChat(r.target)}`
        : r.target;
  return {
    id: Number(r.id),
    event_id: Number(r.event_id),
    kind: r.kind as AlertKind,
    channel: r.channel,
    recipient,
    status: r.status,
    attempts: Number(r.attempts),
    last_status: r.last_status === null ? null : Number(r.last_status),
    last_response: r.last_response,
    next_at: r.next_at === null ? null : Number(r.next_at),
    sent_at: r.sent_at === null ? null : Number(r.sent_at),
    created_at: Number(r.created_at),
    title: alertText(r.kind, r.payload, locale).title,
  };
}

const maySettings = (op: Viewer) => mayAccess(grantOf(op), 'settings');

export async function listDeliveries(db: Executor, op: Viewer, q: DeliveriesQuery, locale: Locale) {
  if (q.all === 1 && !maySettings(op)) throw new AppError(403, 'forbidden');
  const filter = { operatorId: q.all === 1 ? undefined : op.id, status: q.status, channel: q.channel };
  const [rows, total] = await Promise.all([
    listDeliveryRows(db, filter, q.order, q.limit, (q.page - 1) * q.limit),
    countDeliveryRows(db, filter),
  ]);
  return { list: rows.map((r) => toWire(r, locale)), total, page: q.page, limit: q.limit };
}

/**
 * Sends a delivery again (the log's button): one's own, or any with `settings`. Its send job is
 * queued afresh (the jobs table's retry) and its status is `queued`; a try in progress is left to
 * finish first.
 */
export async function resendDelivery(
  db: Database,
  op: Viewer,
  id: number,
  locale: Locale,
): Promise<AlertDelivery> {
  const d = await findDelivery(db, id);
  if (!d || (Number(d.operator_id) !== op.id && !maySettings(op)))
    throw new AppError(404, 'alert_delivery_missing');
  if (d.status === 'sending') throw new AppError(409, 'alert_delivery_sending');
  await db.transaction().execute(async (trx) => {
    const now = Date.now();
    if (
      !(await moveDeliveryRow(trx, id, [d.status], {
        status: 'queued',
        next_at: null,
        sent_at: null,
        updated_at: now,
      }))
    )
      throw new AppError(409, 'alert_delivery_sending');
    await requeueJob(trx, { name: ALERT_SEND_JOB, key: sendJobKey(id), now });
  });
  return toWire({ ...(await findDelivery(db, id))!, webhook_name: null, operator_email: op.email }, locale);
}

// ---- The shop's channels (permission `settings`) ----

const last4 = (secret: string) => secret.slice(-4);

export async function channelSettings(db: Executor, sealer: Sealer, telegram: TelegramOptions) {
  const [config, hooks, l] = await Promise.all([readConfig(db), listWebhookRows(db), limits(db)]);
  const sealed = config.get(TOKEN_KEY);
  let masked = '';
  if (sealed) {
    const token = sealer.decrypt(sealed);
    masked = `${token.slice(0, token.indexOf(':') + 1)}…${last4(token)}`;
  }
  return {
    telegram: {
      token_set: sealed !== undefined,
      token_masked: masked,
      sandbox: !sealed && telegram.sandboxAllowed,
    },
    webhooks: hooks.map(webhookWire),
    limits: l,
  };
}

function webhookWire(h: Awaited<ReturnType<typeof listWebhookRows>>[number]) {
  return {
    id: Number(h.id),
    name: h.name,
    url: h.url,
    secret_set: h.secret_sealed !== '',
    secret_last4: h.secret_last4,
    kinds: (JSON.parse(h.kinds) as string[]).filter(isKind),
    enabled: Number(h.enabled),
    updated_at: Number(h.updated_at),
  };
}

export async function setTelegramToken(
  db: Database,
  actor: Actor,
  sealer: Sealer,
  token: string | null,
  telegram: TelegramOptions,
) {
  await db.transaction().execute(async (trx) => {
    const now = Date.now();
    const had = (await readConfig(trx)).has(TOKEN_KEY);
    await writeConfig(trx, TOKEN_KEY, token === null ? null : sealer.encrypt(token), now);
    await recordAudit(trx, actor, {
      action: 'settings.alerts_telegram',
      objectType: 'settings',
      objectId: 'alerts',
      before: { telegram_token_set: had },
      after: { telegram_token_set: token !== null },
    });
  });
  return channelSettings(db, sealer, telegram);
}

export async function setLimits(
  db: Database,
  actor: Actor,
  sealer: Sealer,
  body: { topup_pending_minutes: number; ticket_unanswered_minutes: number },
  telegram: TelegramOptions,
) {
  await db.transaction().execute(async (trx) => {
    const now = Date.now();
    const before = await limits(trx);
    for (const key of LIMIT_KEYS) await writeConfig(trx, key, String(body[key]), now);
    await recordAudit(trx, actor, {
      action: 'settings.alerts_limits',
      objectType: 'settings',
      objectId: 'alerts',
      before,
      after: body,
    });
  });
  return channelSettings(db, sealer, telegram);
}

/** What the audit log shows of a webhook: never its secret, only that one is set and its end. */
const auditedHook = (h: {
  name: string;
  url: string;
  kinds: string;
  enabled: number;
  secret_last4: string;
}) => ({
  name: h.name,
  url: h.url,
  kinds: JSON.parse(h.kinds) as string[],
  enabled: h.enabled,
  secret_last4: h.secret_last4,
});

export async function createWebhook(db: Database, actor: Actor, sealer: Sealer, body: WebhookCreateBody) {
  const id = await db.transaction().execute(async (trx) => {
    if ((await countWebhooks(trx)) >= WEBHOOKS_MAX)
      throw new AppError(409, 'alert_webhooks_full', { max: WEBHOOKS_MAX });
    const row = {
      name: body.name,
      url: body.url,
      secret_sealed: sealer.encrypt(body.secret),
      secret_last4: last4(body.secret),
      kinds: JSON.stringify([...new Set(body.kinds)]),
      enabled: body.enabled,
    };
    const id = await insertWebhook(trx, { ...row, now: Date.now() });
    await recordAudit(trx, actor, {
      action: 'webhook.create',
      objectType: 'webhook',
      objectId: id,
      after: auditedHook(row),
    });
    return id;
  });
  return webhookWire((await findWebhook(db, id))!);
}

export async function updateWebhook(db: Database, actor: Actor, sealer: Sealer, body: WebhookUpdateBody) {
  await db.transaction().execute(async (trx) => {
    const before = await findWebhook(trx, body.id);
    if (!before) throw new AppError(404, 'alert_webhook_missing');
    const set = {
      name: body.name,
      url: body.url,
      kinds: JSON.stringify([...new Set(body.kinds)]),
      enabled: body.enabled,
      ...(body.secret
        ? { secret_sealed: sealer.encrypt(body.secret), secret_last4: last4(body.secret) }
        : {}),
      updated_at: Date.now(),
    };
    await updateWebhookRow(trx, body.id, set);
    await recordAudit(trx, actor, {
      action: 'webhook.update',
      objectType: 'webhook',
      objectId: body.id,
      before: auditedHook(before),
      after: auditedHook({ ...before, ...set }),
    });
  });
  return webhookWire((await findWebhook(db, body.id))!);
}

export async function deleteWebhook(db: Database, actor: Actor, id: number): Promise<null> {
  await db.transaction().execute(async (trx) => {
    const before = await findWebhook(trx, id);
    if (!before) throw new AppError(404, 'alert_webhook_missing');
    await deleteWebhookRow(trx, id);
    await recordAudit(trx, actor, {
      action: 'webhook.delete',
      objectType: 'webhook',
      objectId: id,
      before: auditedHook(before),
    });
  });
  return null;
}

/** The development sandbox's messages, newest first. */
export const telegramSandbox = (db: Executor, limit = 50) => listSandboxMessages(db, limit);

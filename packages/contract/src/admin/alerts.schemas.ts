import { z } from 'zod';
import { envelope, pageOf } from '../envelope.ts';
import { identifier, link, text } from '../text.ts';
import type { EndpointSchema } from '../endpoint-schemas.ts';
import { flag, idBody, idField, listQuery } from './common.ts';
import {
  ALERT_CHANNELS,
  ALERT_DELIVERY_STATUSES,
  ALERT_KINDS,
  ALERT_LIMITS,
  type alertsEndpoints,
  OPERATOR_ALERT_CHANNELS,
} from './alerts.endpoints.ts';

// The console's alerts (issue 32, decisions 076–077). Secrets (the bot token, a webhook's signing
// secret) go in and never come out: answers carry whether one is set and its last characters.

const tags = ['admin'];
const kind = z.enum(ALERT_KINDS);
const kinds = z.array(kind).max(ALERT_KINDS.length);
const minutes = (bounds: { min: number; max: number }) => z.number().int().min(bounds.min).max(bounds.max);

/** A Telegram chat id: a number (a group's is negative) or an @channel name. */
const chatId = identifier({ max: 64, min: 0, pattern: /^(-?\d{1,20}|@[A-Za-z0-9_]{5,32})?$/ });
/** A Telegram bot token as BotFather gives it: `<digits>:<35 characters>`. */
const botToken = identifier({ max: 100, pattern: /^\d{3,20}:[A-Za-z0-9_-]{20,80}$/ });
const webhookSecret = identifier({ max: 200, min: 16 });
const webhookUrl = link({ max: 500, min: 1 }).refine((v) => /^https?:\/\//.test(v), { message: 'link' });

export const subscriptionsSetBody = z
  .object({
    subscriptions: z
      .array(z.object({ kind, channel: z.enum(OPERATOR_ALERT_CHANNELS) }).strict())
      .max(ALERT_KINDS.length * OPERATOR_ALERT_CHANNELS.length),
    telegram_chat_id: chatId.default(''),
  })
  .strict();
export type SubscriptionsSetBody = z.output<typeof subscriptionsSetBody>;

const subscriptions = z.object({
  /** The kinds this operator may hear of (their permissions), in order. */
  kinds: z.array(kind),
  subscriptions: z.array(z.object({ kind, channel: z.enum(OPERATOR_ALERT_CHANNELS) })),
  email: z.string(),
  telegram_chat_id: z.string(),
  /** A bot token is set (or the development sandbox stands in for it). */
  telegram_ready: z.boolean(),
  telegram_sandbox: z.boolean(),
});

export const deliveriesQuery = listQuery(['id']).extend({
  status: z.enum(ALERT_DELIVERY_STATUSES).optional(),
  channel: z.enum(ALERT_CHANNELS).optional(),
  /** 1: every operator's and the webhooks' (permission `settings`); 0: one's own. */
  all: z.coerce.number().int().min(0).max(1).default(0),
});
export type DeliveriesQuery = z.output<typeof deliveriesQuery>;

export const alertDelivery = z.object({
  id: z.number(),
  event_id: z.number(),
  kind,
  channel: z.enum(ALERT_CHANNELS),
  /** Who or what it went to, as shown: an operator's email, a masked chat id, a webhook's name. */
  recipient: z.string(),
  status: z.enum(ALERT_DELIVERY_STATUSES),
  attempts: z.number(),
  last_status: z.number().nullable(),
  last_response: z.string(),
  next_at: z.number().nullable(),
  sent_at: z.number().nullable(),
  created_at: z.number(),
  /** The message in the viewer's language. */
  title: z.string(),
});
export type AlertDelivery = z.output<typeof alertDelivery>;

export const webhookView = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  secret_set: z.boolean(),
  secret_last4: z.string(),
  kinds: z.array(kind),
  enabled: z.number(),
  updated_at: z.number(),
});

const channels = z.object({
  telegram: z.object({
    token_set: z.boolean(),
    token_masked: z.string(),
    /** No token: the development sandbox records what would be sent (never in production). */
    sandbox: z.boolean(),
  }),
  webhooks: z.array(webhookView),
  limits: z.object({ topup_pending_minutes: z.number(), ticket_unanswered_minutes: z.number() }),
});

export const telegramSetBody = z
  .object({ token: botToken.nullable().describe('The bot token from BotFather; null removes it') })
  .strict();

export const limitsSetBody = z
  .object({
    topup_pending_minutes: minutes(ALERT_LIMITS.topup_pending_minutes),
    ticket_unanswered_minutes: minutes(ALERT_LIMITS.ticket_unanswered_minutes),
  })
  .strict();

export const webhookCreateBody = z
  .object({
    name: text({ max: 100, min: 1 }),
    url: webhookUrl,
    secret: webhookSecret.describe('The signing secret, 16–200 characters; never shown again'),
    kinds: kinds.min(1),
    enabled: flag.default(1),
  })
  .strict();
export type WebhookCreateBody = z.output<typeof webhookCreateBody>;

export const webhookUpdateBody = z
  .object({
    id: idField,
    name: text({ max: 100, min: 1 }),
    url: webhookUrl,
    secret: webhookSecret.optional().describe('A new signing secret; left out, the old one stays'),
    kinds: kinds.min(1),
    enabled: flag,
  })
  .strict();
export type WebhookUpdateBody = z.output<typeof webhookUpdateBody>;

export const alertsSchemas = {
  alertSubscriptions: {
    tags,
    summary: "The operator's own alert subscriptions, the kinds they may hear of, and their Telegram chat",
    response: envelope(subscriptions),
  },
  alertSubscriptionsSet: {
    tags,
    summary: "Replaces the operator's own subscriptions (kinds outside their permissions are refused)",
    body: subscriptionsSetBody,
    response: envelope(subscriptions),
  },
  alertDeliveries: {
    tags,
    summary: "The delivery log: the operator's own, or with all=1 everyone's and the webhooks' (settings)",
    query: deliveriesQuery,
    response: envelope(pageOf(alertDelivery)),
  },
  alertDeliveryResend: {
    tags,
    summary: 'Sends a delivery again through the jobs runner (one of one’s own, or any with settings)',
    body: idBody,
    response: envelope(alertDelivery),
  },
  alertChannels: {
    tags,
    summary: 'The Telegram bot (masked), the outgoing webhooks (secrets masked) and the check limits',
    response: envelope(channels),
  },
  alertTelegramSet: {
    tags,
    summary: 'Replaces (or with null removes) the Telegram bot token; stored sealed, never read back',
    body: telegramSetBody,
    response: envelope(channels),
  },
  alertLimitsSet: {
    tags,
    summary: 'How long a top-up may stay pending and a ticket unanswered before an alert',
    body: limitsSetBody,
    response: envelope(channels),
  },
  alertWebhookCreate: {
    tags,
    summary: 'Adds an outgoing webhook signed with HMAC-SHA256 over timestamp and body',
    body: webhookCreateBody,
    response: envelope(webhookView),
  },
  alertWebhookUpdate: {
    tags,
    summary: 'Changes a webhook; a new secret replaces the old one, which is never read back',
    body: webhookUpdateBody,
    response: envelope(webhookView),
  },
  alertWebhookDelete: {
    tags,
    summary: 'Removes a webhook (its delivery log stays)',
    body: idBody,
    response: envelope(z.null()),
  },
} satisfies Record<keyof typeof alertsEndpoints, EndpointSchema>;

import type { Permission } from '@shop/domain/admin';
import { adminGet, adminPost } from './endpoint.ts';

/**
 * The console's alerts (issue 32, decisions 076–077): every operator chooses which events reach
 * them on which channel (`operator`: their own subscriptions and their own deliveries); the Telegram
 * bot, the outgoing webhooks and the limits of the "past a limit" checks are the shop's
 * (permission `settings`).
 */
export const alertsEndpoints = {
  alertSubscriptions: adminGet('/api/admin/alerts/subscriptions', 'operator'),
  alertSubscriptionsSet: adminPost('/api/admin/alerts/subscriptions/set', 'operator'),
  alertDeliveries: adminGet('/api/admin/alerts/deliveries', 'operator'),
  alertDeliveryResend: adminPost('/api/admin/alerts/deliveries/resend', 'operator'),

  alertChannels: adminGet('/api/admin/alerts/channels', 'settings'),
  alertTelegramSet: adminPost('/api/admin/alerts/telegram/set', 'settings'),
  alertLimitsSet: adminPost('/api/admin/alerts/limits/set', 'settings'),
  alertWebhookCreate: adminPost('/api/admin/alerts/webhook/create', 'settings'),
  alertWebhookUpdate: adminPost('/api/admin/alerts/webhook/update', 'settings'),
  alertWebhookDelete: adminPost('/api/admin/alerts/webhook/delete', 'settings'),
};

/** What can happen, and who may hear of it: the permission of the console area it belongs to. */
export const ALERT_KINDS = [
  'order_manual',
  'topup_failed',
  'topup_refunded',
  'topup_pending',
  'low_stock',
  'reconciliation',
  'refund_failed',
  'ticket_new',
  'ticket_unanswered',
  'operator_login',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_KIND_ACCESS: Record<AlertKind, Permission | 'owner'> = {
  order_manual: 'orders',
  topup_failed: 'orders',
  topup_refunded: 'orders',
  topup_pending: 'orders',
  low_stock: 'keys',
  reconciliation: 'orders',
  refund_failed: 'refunds',
  ticket_new: 'support',
  ticket_unanswered: 'support',
  operator_login: 'owner',
};

/** The channels an operator subscribes on; webhooks are the shop's and choose their own kinds. */
export const OPERATOR_ALERT_CHANNELS = ['email', 'telegram'] as const;
export const ALERT_CHANNELS = ['email', 'telegram', 'webhook'] as const;
export const ALERT_DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
/** Outgoing webhooks at most. */
export const WEBHOOKS_MAX = 10;
/** The limits of the "past a limit" checks, in minutes: default and bounds. */
export const ALERT_LIMITS = {
  topup_pending_minutes: { default: 30, min: 5, max: 10_080 },
  ticket_unanswered_minutes: { default: 240, min: 5, max: 10_080 },
} as const;

/**
 * What the shop itself writes as a delivery's last answer (the others are the receiver's own
 * words): the console shows each in the viewer's language.
 */
export const ALERT_NOTES = {
  outbox: 'queued in the outbox',
  sandbox: 'recorded by the development sandbox',
  no_chat: 'no Telegram chat id set',
  no_token: 'no Telegram bot token is set',
  webhook_removed: 'the webhook was removed',
} as const;

import type { Locale } from '@shop/domain/locale';

// Field labels of the console's alerts endpoints (issue 32): how a refusal names the field.
type Text = Record<Locale, string>;
const l = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });

const webhook = l('提醒 Webhook', 'Alert webhook');

export const alertsFields: Record<string, Text> = {
  subscriptions: l('提醒订阅', 'Alert subscriptions'),
  'subscriptions.*': l('第 {1} 个订阅', 'Subscription {1}'),
  'subscriptions.*.kind': l('第 {1} 个订阅的提醒类型', 'Kind of subscription {1}'),
  'subscriptions.*.channel': l('第 {1} 个订阅的渠道', 'Channel of subscription {1}'),
  telegram_chat_id: l('Telegram 会话 ID', 'Telegram chat id'),
  token: l('Telegram 机器人令牌', 'Telegram bot token'),
  topup_pending_minutes: l('直充待处理时限（分钟）', 'Top-up pending limit (minutes)'),
  ticket_unanswered_minutes: l('工单未回复时限（分钟）', 'Ticket unanswered limit (minutes)'),
  secret: l('签名密钥', 'Signing secret'),
  kinds: l('提醒类型', 'Alert kinds'),
  'kinds.*': l('第 {1} 个提醒类型', 'Alert kind {1}'),
  url: l('地址（URL）', 'Address (URL)'),
  all: l('范围', 'Scope'),
  channel: l('渠道', 'Channel'),
};

export const alertsRoutes: Record<string, Record<string, Text>> = {
  '/api/admin/alerts/deliveries': { status: l('发送状态', 'Delivery status') },
  '/api/admin/alerts/deliveries/resend': { id: l('发送记录', 'Delivery') },
  '/api/admin/alerts/webhook/create': {
    name: l('Webhook 名称', 'Webhook name'),
    enabled: l('启用', 'Enabled'),
  },
  '/api/admin/alerts/webhook/update': {
    id: webhook,
    name: l('Webhook 名称', 'Webhook name'),
    enabled: l('启用', 'Enabled'),
  },
  '/api/admin/alerts/webhook/delete': { id: webhook },
};

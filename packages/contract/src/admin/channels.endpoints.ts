import { adminGet, adminPost } from './endpoint.ts';

/**
 * The console's channels and mails (issue 32, decisions 082–083): payment channels, SMTP and the
 * SMS webhook, each with a test; the mail templates with a preview and a reset. Permission
 * `settings`; a secret is changed by the owner only (the API answers 403 in words).
 */
export const channelsEndpoints = {
  channelsGet: adminGet('/api/admin/channels/get', 'settings'),
  channelsAlipay: adminPost('/api/admin/channels/alipay', 'settings'),
  channelsWechat: adminPost('/api/admin/channels/wechat', 'settings'),
  channelsSmtp: adminPost('/api/admin/channels/smtp', 'settings'),
  channelsSms: adminPost('/api/admin/channels/sms', 'settings'),
  channelsTest: adminPost('/api/admin/channels/test', 'settings'),
  mailTemplatesList: adminGet('/api/admin/mail-templates/list', 'settings'),
  mailTemplateSave: adminPost('/api/admin/mail-templates/save', 'settings'),
  mailTemplatePreview: adminPost('/api/admin/mail-templates/preview', 'settings'),
  mailTemplateReset: adminPost('/api/admin/mail-templates/reset', 'settings'),
};

export const CHANNEL_GROUPS = ['alipay', 'wechat', 'smtp', 'sms'] as const;
export type ChannelGroup = (typeof CHANNEL_GROUPS)[number];

export type ChannelFieldType = 'text' | 'key' | 'url' | 'port' | 'switch';
export type ChannelFieldDef = {
  readonly key: string;
  readonly type: ChannelFieldType;
  /** Stored encrypted, shown masked, replaced not read back, changed by the owner only. */
  readonly secret: boolean;
  /** The environment variable that wins over it. */
  readonly env: string | null;
};

const f = (key: string, type: ChannelFieldType, env: string | null, secret = false): ChannelFieldDef => ({
  key,
  type,
  secret,
  env,
});

/** Every field of every group, in the order the page shows them. */
export const CHANNEL_FIELDS = {
  alipay: [
    f('sandbox', 'switch', null),
    f('app_id', 'text', 'ALIPAY_APP_ID'),
    f('seller_id', 'text', 'ALIPAY_SELLER_ID'),
    f('private_key', 'key', 'ALIPAY_PRIVATE_KEY', true),
    f('alipay_public_key', 'key', 'ALIPAY_PUBLIC_KEY'),
    f('gateway', 'url', 'ALIPAY_GATEWAY'),
  ],
  wechat: [
    f('sandbox', 'switch', null),
    f('mchid', 'text', 'WECHAT_MCHID'),
    f('appid', 'text', 'WECHAT_APPID'),
    f('cert_serial', 'text', 'WECHAT_CERT_SERIAL'),
    f('private_key', 'key', 'WECHAT_PRIVATE_KEY', true),
    f('apiv3_key', 'text', 'WECHAT_APIV3_KEY', true),
    f('platform_public_key', 'key', 'WECHAT_PLATFORM_PUBLIC_KEY'),
    f('platform_serial', 'text', 'WECHAT_PLATFORM_SERIAL'),
    f('api_base', 'url', 'WECHAT_API_BASE'),
  ],
  smtp: [
    f('host', 'text', 'SMTP_URL'),
    f('port', 'port', 'SMTP_URL'),
    f('secure', 'switch', 'SMTP_URL'),
    f('user', 'text', 'SMTP_URL'),
    f('password', 'text', 'SMTP_URL', true),
    f('url', 'url', 'SMTP_URL', true),
    f('from', 'text', 'MAIL_FROM'),
  ],
  sms: [f('url', 'url', 'SMS_WEBHOOK_URL'), f('secret', 'text', 'SMS_WEBHOOK_SECRET', true)],
} as const satisfies Record<ChannelGroup, readonly ChannelFieldDef[]>;

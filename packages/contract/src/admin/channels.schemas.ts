import {
  MAIL_BODY_MAX,
  MAIL_SUBJECT_MAX,
  MAIL_TEMPLATE_KINDS,
  MAIL_TEMPLATE_LANGS,
} from '@shop/domain/mail-templates';
import { z } from 'zod';
import { envelope } from '../envelope.ts';
import type { EndpointSchema } from '../endpoint-schemas.ts';
import { REASON, text } from '../text.ts';
import { CHANNEL_GROUPS, type channelsEndpoints } from './channels.endpoints.ts';

// Channels and mails set from the console (issue 32, decisions 082–083). A field left out keeps
// its value; a secret sent empty keeps the stored one (it is never read back, only its last four
// characters are shown); `clear_secrets` removes the stored ones. A value set by an environment variable
// wins over the stored one, and the answer says which variable.

const key = text({ max: 8000, multiline: true }).describe('PEM, or its base64 body');
const line = (max: number) => text({ max });
const httpUrl = text({ max: 500 }).refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), {
  message: REASON.link,
});
const clearSecrets = z
  .boolean()
  .optional()
  .describe("true: remove the group's stored secrets (owner only), e.g. to stop using it");

export const channelsAlipayBody = z.object({
  sandbox: z.boolean().optional().describe("On: the shop's built-in sandbox (not in production mode)"),
  app_id: line(32).optional(),
  seller_id: line(32).optional(),
  private_key: key.optional().describe('Secret: empty keeps the stored key'),
  alipay_public_key: key.optional(),
  gateway: httpUrl.optional(),
  clear_secrets: clearSecrets,
});
export const channelsWechatBody = z.object({
  sandbox: z.boolean().optional(),
  mchid: line(32).optional(),
  appid: line(32).optional(),
  cert_serial: line(64).optional(),
  private_key: key.optional().describe('Secret: empty keeps the stored key'),
  apiv3_key: text({ max: 32 })
    .refine((v) => v === '' || v.length === 32, { message: REASON.format })
    .optional()
    .describe('Secret, 32 characters: empty keeps the stored key'),
  platform_public_key: key.optional(),
  platform_serial: line(64).optional(),
  api_base: httpUrl.optional(),
  clear_secrets: clearSecrets,
});
export const channelsSmtpBody = z.object({
  host: line(200).optional(),
  port: z.number().int().min(1).max(65535).nullable().optional(),
  secure: z.boolean().optional(),
  user: line(200).optional(),
  password: text({ max: 200, trim: false }).optional().describe('Secret: empty keeps the stored one'),
  url: text({ max: 500 })
    .refine((v) => v === '' || /^smtps?:\/\/\S+$/.test(v), { message: REASON.format })
    .optional()
    .describe('Secret: the smtp:// or smtps:// URL form (credentials in it); wins over host…password'),
  from: line(200).optional(),
  clear_secrets: clearSecrets,
});
export const channelsSmsBody = z.object({
  url: httpUrl.optional(),
  secret: text({ max: 200 })
    .refine((v) => v === '' || v.length >= 16, { message: REASON.format })
    .optional()
    .describe('Secret, at least 16 characters: signs each request; empty keeps the stored one'),
  clear_secrets: clearSecrets,
});
export const channelsTestBody = z.object({
  group: z.enum(CHANNEL_GROUPS),
  to: text({ max: 200 }).optional().describe("SMTP: the address of the test mail (default: the operator's)"),
});

const channelField = z.object({
  key: z.string(),
  type: z.enum(['text', 'key', 'url', 'port', 'switch']),
  secret: z.boolean(),
  value: z
    .string()
    .nullable()
    .describe('A non-secret value in effect ("1"/"0" for a switch); null for a secret'),
  masked: z.string().nullable().describe("A secret's last four characters behind dots; null when not set"),
  set: z.boolean().describe('Whether a value is in effect'),
  env: z.string().nullable().describe('The environment variable in effect instead of the stored value'),
});
const channelGroupView = z.object({
  group: z.enum(CHANNEL_GROUPS),
  mode: z
    .enum(['env', 'stored', 'sandbox', 'off'])
    .describe('What the shop uses now: the environment, the stored values, the built-in sandbox, nothing'),
  fields: z.array(channelField),
});
export const adminChannels = z
  .object({
    groups: z.array(channelGroupView),
    may_change_secrets: z.boolean().describe('Only the owner changes secrets'),
    production: z.boolean().describe('Production mode: the built-in sandbox is not offered'),
  })
  .meta({ id: 'AdminChannels' });
export type AdminChannels = z.infer<typeof adminChannels>;
export type AdminChannelGroup = z.infer<typeof channelGroupView>;

export const channelTestResult = z.object({
  ok: z.boolean(),
  detail: z.string().describe('What happened, in the operator’s language'),
});

const templateKey = { kind: z.enum(MAIL_TEMPLATE_KINDS), lang: z.enum(MAIL_TEMPLATE_LANGS) };
export const mailTemplateKeyBody = z.object(templateKey);
export const mailTemplateBody = z.object({
  ...templateKey,
  subject: text({ min: 1, max: MAIL_SUBJECT_MAX }),
  body: text({ min: 1, max: MAIL_BODY_MAX, multiline: true }),
});
const mailText = z.object({ subject: z.string(), body: z.string() });
export const adminMailTemplate = z
  .object({
    kind: z.enum(MAIL_TEMPLATE_KINDS),
    lang: z.enum(MAIL_TEMPLATE_LANGS),
    subject: z.string(),
    body: z.string(),
    customized: z.boolean().describe('false: the built-in text'),
    variables: z.array(z.string()),
    default: mailText,
    updated_at: z.number().int().nullable(),
  })
  .meta({ id: 'AdminMailTemplate' });
export type AdminMailTemplate = z.infer<typeof adminMailTemplate>;

const groupUpdate = <B extends z.ZodType>(group: string, body: B) => ({
  tags: ['admin'],
  summary: `Change the ${group} settings (fields sent only; a secret by the owner only, empty keeps it). Applies without a restart; audited without secret values`,
  body,
  response: envelope(adminChannels),
});

export const channelsSchemas = {
  channelsGet: {
    tags: ['admin'],
    summary:
      'The payment channels, SMTP and SMS webhook as in effect: secrets masked, environment variables named',
    response: envelope(adminChannels),
  },
  channelsAlipay: groupUpdate('Alipay', channelsAlipayBody),
  channelsWechat: groupUpdate('WeChat Pay', channelsWechatBody),
  channelsSmtp: groupUpdate('SMTP', channelsSmtpBody),
  channelsSms: groupUpdate('SMS webhook', channelsSmsBody),
  channelsTest: {
    tags: ['admin'],
    summary:
      'Prove a channel works: SMTP sends a test mail, the SMS webhook gets a signed test message, Alipay / WeChat Pay get a signed call (a refund of an unknown trade) and their signed answer is checked',
    body: channelsTestBody,
    response: envelope(channelTestResult),
  },
  mailTemplatesList: {
    tags: ['admin'],
    summary: 'Every mail template in both languages, with its variables and its built-in text',
    response: envelope(z.object({ list: z.array(adminMailTemplate) })),
  },
  mailTemplateSave: {
    tags: ['admin'],
    summary: 'Store a template; a {{variable}} the mail does not offer is refused (400, naming it). Audited',
    body: mailTemplateBody,
    response: envelope(adminMailTemplate),
  },
  mailTemplatePreview: {
    tags: ['admin'],
    summary: 'A template rendered with sample data (checked like a save, nothing stored)',
    body: mailTemplateBody,
    response: envelope(mailText),
  },
  mailTemplateReset: {
    tags: ['admin'],
    summary: 'Back to the built-in text (the stored template is removed). Audited',
    body: mailTemplateKeyBody,
    response: envelope(adminMailTemplate),
  },
} satisfies Record<keyof typeof channelsEndpoints, EndpointSchema>;

// The mails an operator may rewrite from the console (issue 32, decision 083): each kind in zh-CN
// and en, a subject and a plain-text body with `{{variable}}` places. Pure: the API renders and
// checks with it, the console lists the variables and the defaults from the API.

import type { Locale } from './locale.ts';

export const MAIL_TEMPLATE_KINDS = [
  'code',
  'order_paid',
  'keys_delivered',
  'shipped',
  'refund',
  'ticket_reply',
] as const;
export type MailTemplateKind = (typeof MAIL_TEMPLATE_KINDS)[number];

export const MAIL_TEMPLATE_LANGS = ['zh-CN', 'en'] as const satisfies readonly Locale[];

/** The variables each kind may use; any other `{{name}}` is refused on save. */
export const MAIL_TEMPLATE_VARIABLES = {
  code: ['code', 'purpose', 'minutes'],
  order_paid: ['oid', 'details', 'total'],
  keys_delivered: ['oid', 'keys', 'link', 'ship_to'],
  shipped: ['oid', 'goods', 'note', 'tracking_no', 'ship_to'],
  refund: ['oid', 'amount', 'destination', 'reason'],
  ticket_reply: ['ticket_id', 'ticket_subject', 'reply', 'link', 'closed_note'],
} as const satisfies Record<MailTemplateKind, readonly string[]>;

export type MailTemplate = { subject: string; body: string };
export type MailValues = Record<string, string | number>;

export const MAIL_SUBJECT_MAX = 200;
export const MAIL_BODY_MAX = 5000;

/**
 * The built-in text of each kind in template form: what the shop sends with nothing stored (the
 * mails that are bilingual today send the zh-CN and en parts one after the other).
 */
export const DEFAULT_MAIL_TEMPLATES: Record<MailTemplateKind, Record<Locale, MailTemplate>> = {
  code: {
    'zh-CN': {
      subject: '【像素港】验证码',
      body: '您正在{{purpose}}，验证码：{{code}}，{{minutes}} 分钟内有效。请勿将验证码告诉任何人。',
    },
    en: {
      subject: 'Your Pixel Harbor code',
      body: 'Your code to {{purpose}} is {{code}}. It is valid for {{minutes}} minutes. Never share it with anyone.',
    },
  },
  order_paid: {
    'zh-CN': {
      subject: '订单 {{oid}} 已支付',
      body: '感谢您的购买，订单 {{oid}} 已支付。\n\n{{details}}\n\n订单详情可在「我的订单」中查看。',
    },
    en: {
      subject: 'Order {{oid}} paid',
      body: 'Thank you. Order {{oid}} is paid.\n\n{{details}}\n\nThe order is under My orders.',
    },
  },
  keys_delivered: {
    'zh-CN': {
      subject: '订单 {{oid}} 的卡密',
      body: '您的订单 {{oid}} 已发货，卡密如下：\n\n{{keys}}\n\n使用说明与卡密也可在此查看：{{link}}\n收货地址：{{ship_to}}',
    },
    en: {
      subject: 'Card keys of order {{oid}}',
      body: 'Your order {{oid}} is delivered; your card keys:\n\n{{keys}}\n\nInstructions, and the keys again: {{link}}\nDelivery address: {{ship_to}}',
    },
  },
  shipped: {
    'zh-CN': {
      subject: '订单 {{oid}} 已发货',
      body: '「{{goods}}」已发货：{{note}}\n物流单号：{{tracking_no}}\n收货地址：{{ship_to}}',
    },
    en: {
      subject: 'Order {{oid}} delivered',
      body: '"{{goods}}" was delivered: {{note}}\nTracking number: {{tracking_no}}\nDelivery address: {{ship_to}}',
    },
  },
  refund: {
    'zh-CN': {
      subject: '订单 {{oid}} 已退款',
      body: '订单 {{oid}} 的 {{amount}} 已退回{{destination}}。\n原因：{{reason}}',
    },
    en: {
      subject: 'Order {{oid}} refunded',
      body: '{{amount}} of order {{oid}} went back to {{destination}}.\nReason: {{reason}}',
    },
  },
  ticket_reply: {
    'zh-CN': {
      subject: '工单 #{{ticket_id}} 有新回复',
      body: '「{{ticket_subject}}」\n\n{{reply}}\n\n查看或回复：{{link}}\n{{closed_note}}',
    },
    en: {
      subject: 'New reply to your ticket #{{ticket_id}}',
      body: '"{{ticket_subject}}"\n\n{{reply}}\n\nRead or reply: {{link}}\n{{closed_note}}',
    },
  },
};

/** Sample values for the console's preview. */
export const MAIL_SAMPLE_VALUES: Record<MailTemplateKind, Record<Locale, MailValues>> = {
  code: {
    'zh-CN': { code: '482913', purpose: '注册账号', minutes: 10 },
    en: { code: '482913', purpose: 'create your account', minutes: 10 },
  },
  order_paid: {
    'zh-CN': {
      oid: 'D202611290001',
      details: '星际传说 钻石 · 300\n  ¥30.00 × 1 = ¥30.00\n\n订单金额：¥30.00\n支付方式：支付宝',
      total: '¥30.00',
    },
    en: {
      oid: 'D202611290001',
      details: 'Star Saga Diamonds · 300\n  $4.50 × 1 = $4.50\n\nOrder total: $4.50\nPaid by: Alipay',
      total: '$4.50',
    },
  },
  keys_delivered: {
    'zh-CN': {
      oid: 'D202611290001',
      keys: '竞技场礼品卡 100元: ABCD-EFGH-1234',
      link: 'https://shop.example/user/order/card?oid=D202611290001',
      ship_to: '',
    },
    en: {
      oid: 'D202611290001',
      keys: 'Arena Gift Card 100 CNY: ABCD-EFGH-1234',
      link: 'https://shop.example/user/order/card?oid=D202611290001',
      ship_to: '',
    },
  },
  shipped: {
    'zh-CN': {
      oid: 'D202611290001',
      goods: '像素港连帽衫',
      note: '顺丰发出',
      tracking_no: 'SF1234567890',
      ship_to: '上海市 浦东新区 张江路 1 号 王先生 138****0000',
    },
    en: {
      oid: 'D202611290001',
      goods: 'Pixel Harbor Hoodie',
      note: 'Sent with SF Express',
      tracking_no: 'SF1234567890',
      ship_to: '1 Zhangjiang Rd, Pudong, Shanghai, Mr Wang 138****0000',
    },
  },
  refund: {
    'zh-CN': { oid: 'D202611290001', amount: '¥30.00', destination: '您的余额', reason: '缺货' },
    en: { oid: 'D202611290001', amount: '¥30.00', destination: 'your balance', reason: 'Out of stock' },
  },
  ticket_reply: {
    'zh-CN': {
      ticket_id: 42,
      ticket_subject: '充值未到账',
      reply: '您好，已为您补发。',
      link: '/user/support',
      closed_note: '',
    },
    en: {
      ticket_id: 42,
      ticket_subject: 'Top-up not received',
      reply: 'Hello, it is sent again.',
      link: '/user/support',
      closed_note: '',
    },
  },
};

const PLACE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The `{{names}}` a text uses that `kind` does not offer, each once, in order of appearance. */
export function unknownMailVariables(kind: MailTemplateKind, text: string): string[] {
  const allowed = new Set<string>(MAIL_TEMPLATE_VARIABLES[kind]);
  const unknown: string[] = [];
  for (const match of text.matchAll(PLACE)) {
    const name = match[1]!;
    if (!allowed.has(name) && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

/**
 * Fills a template in one pass (a value holding `{{…}}` stays as it is). The mails are plain text,
 * so values are not escaped; a line whose places are all empty is left out (the tracking number
 * of an item that does not ship, the address of an order without one), and the subject is one
 * line.
 */
export function renderMailTemplate(template: MailTemplate, values: MailValues): MailTemplate {
  const fill = (line: string) => line.replace(PLACE, (_m, name: string) => String(values[name] ?? ''));
  const lines: string[] = [];
  for (const line of template.body.split('\n')) {
    const places = [...line.matchAll(PLACE)].map((m) => m[1]!);
    if (places.length > 0 && places.every((name) => String(values[name] ?? '') === '')) continue;
    lines.push(fill(line));
  }
  const body = lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/\s+$/, '');
  const subject = fill(template.subject)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  return { subject, body };
}

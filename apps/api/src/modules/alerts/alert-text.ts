import type { AlertKind } from '@shop/contract/admin/alerts.endpoints';
import type { Locale } from '@shop/domain/locale';

// What an alert says (issue 32), in both languages, from the payload its cause recorded. Mail and
// Telegram carry both languages (an operator account has no language of its own); the console's
// delivery log shows the viewer's.

type P = Record<string, unknown>;
const s = (v: unknown) => (v === undefined || v === null ? '' : String(v));

type Lines = { title: string; lines: string[] };
type Texts = Record<AlertKind, (p: P) => Record<Locale, Lines>>;

const lowStockLines = (p: P, locale: Locale) =>
  ((p.options as P[] | undefined) ?? []).map((o) =>
    locale === 'en'
      ? `${s(o.goods_en)} · ${s(o.option_en)}: ${s(o.stock)} left (alert at ${s(o.alert)})`
      : `${s(o.goods_zh)} · ${s(o.option_zh)}：剩 ${s(o.stock)} 个（预警值 ${s(o.alert)}）`,
  );

const RECONCILIATION: Record<string, Record<Locale, string>> = {
  not_applied: { 'zh-CN': '付款通知未入账', en: 'a payment notice was not applied' },
  applied_twice: { 'zh-CN': '付款通知重复入账', en: 'a payment notice was applied twice' },
  amount_mismatch: { 'zh-CN': '付款金额不一致', en: 'a payment notice has another amount' },
};

const TEXTS: Texts = {
  order_manual: (p) => ({
    'zh-CN': { title: `订单 ${s(p.oid)} 待人工发货`, lines: [`${s(p.count)} 件商品等待发货。`] },
    en: {
      title: `Order ${s(p.oid)} needs manual delivery`,
      lines: [`${s(p.count)} item(s) wait to be delivered.`],
    },
  }),
  topup_failed: (p) => ({
    'zh-CN': {
      title: `订单 ${s(p.oid)} 的直充无结果`,
      lines: [`「${s(p.goods_zh)}」多次查询仍无结果，需要人工处理。`],
    },
    en: {
      title: `Top-up of order ${s(p.oid)} has no answer`,
      lines: [
        `"${s(p.goods_en)}" got no answer from the supplier after every poll; an operator must settle it.`,
      ],
    },
  }),
  topup_refunded: (p) => ({
    'zh-CN': {
      title: `订单 ${s(p.oid)} 直充失败，已自动退款`,
      lines: [`「${s(p.goods_zh)}」¥${s(p.amount_cny)} 已退回买家余额。原因：${s(p.reason)}`],
    },
    en: {
      title: `Top-up of order ${s(p.oid)} failed and was refunded`,
      lines: [
        `"${s(p.goods_en)}": ¥${s(p.amount_cny)} went back to the buyer's balance. Reason: ${s(p.reason)}`,
      ],
    },
  }),
  topup_pending: (p) => ({
    'zh-CN': {
      title: `订单 ${s(p.oid)} 的直充超过 ${s(p.minutes)} 分钟未完成`,
      lines: [`「${s(p.goods_zh)}」仍在等待供应商。`],
    },
    en: {
      title: `Top-up of order ${s(p.oid)} pending for over ${s(p.minutes)} min`,
      lines: [`"${s(p.goods_en)}" still waits for the supplier.`],
    },
  }),
  low_stock: (p) => ({
    'zh-CN': {
      title: `${s((p.options as P[] | undefined)?.length)} 个卡密规格低于库存预警`,
      lines: lowStockLines(p, 'zh-CN'),
    },
    en: {
      title: `${s((p.options as P[] | undefined)?.length)} card-key option(s) under their stock alert`,
      lines: lowStockLines(p, 'en'),
    },
  }),
  reconciliation: (p) => ({
    'zh-CN': {
      title: `对账发现：${RECONCILIATION[s(p.finding)]?.['zh-CN'] ?? s(p.finding)}`,
      lines: [`支付单 ${s(p.payment_no)}${p.oid ? `，订单 ${s(p.oid)}` : ''}`],
    },
    en: {
      title: `Reconciliation: ${RECONCILIATION[s(p.finding)]?.en ?? s(p.finding)}`,
      lines: [`Payment ${s(p.payment_no)}${p.oid ? `, order ${s(p.oid)}` : ''}`],
    },
  }),
  refund_failed: (p) => ({
    'zh-CN': {
      title: `退款 ${s(p.refund_no)} 原路退回失败`,
      lines: [`订单 ${s(p.oid)}，¥${s(p.amount_cny)}。原因：${s(p.reason)}`],
    },
    en: {
      title: `Refund ${s(p.refund_no)} to the original payment failed`,
      lines: [`Order ${s(p.oid)}, ¥${s(p.amount_cny)}. Reason: ${s(p.reason)}`],
    },
  }),
  ticket_new: (p) => ({
    'zh-CN': { title: `新工单 #${s(p.id)}`, lines: [s(p.subject)] },
    en: { title: `New ticket #${s(p.id)}`, lines: [s(p.subject)] },
  }),
  ticket_unanswered: (p) => ({
    'zh-CN': { title: `工单 #${s(p.id)} 超过 ${s(p.minutes)} 分钟未回复`, lines: [s(p.subject)] },
    en: { title: `Ticket #${s(p.id)} unanswered for over ${s(p.minutes)} min`, lines: [s(p.subject)] },
  }),
  operator_login: (p) => ({
    'zh-CN': { title: `操作员 ${s(p.email)} 从新地址登录`, lines: [`地址：${s(p.ip)}`] },
    en: { title: `Operator ${s(p.email)} logged in from a new address`, lines: [`Address: ${s(p.ip)}`] },
  }),
};

export function alertText(kind: string, payload: string, locale: Locale): Lines {
  const make = TEXTS[kind as AlertKind];
  if (!make) return { title: kind, lines: [] };
  return make(JSON.parse(payload) as P)[locale];
}

/** Both languages, for mail and Telegram: the Chinese first, then the English. */
export function bilingualAlert(kind: string, payload: string): { subject: string; body: string } {
  const zh = alertText(kind, payload, 'zh-CN');
  const en = alertText(kind, payload, 'en');
  return {
    subject: `[提醒 / Alert] ${zh.title} / ${en.title}`,
    body: [zh.title, ...zh.lines, '', en.title, ...en.lines].join('\n'),
  };
}

import type { Locale } from '@shop/domain/locale';
import { type ColumnType, SHOP_ZONE_LABEL } from './export-format.ts';

// The words of the exports (issue 32): headings in the operator's language, times labelled with the
// shop's zone, statuses and kinds in words (never the codes the API uses). The console's own labels
// live in the web app, which the API never imports; these are the same words (labels.*.json).

type Words = Record<Locale, Record<string, string>>;

const time = (locale: Locale, zh: string, en: string) =>
  locale === 'zh-CN' ? `${zh}（${SHOP_ZONE_LABEL}）` : `${en} (${SHOP_ZONE_LABEL})`;

type Heading = [zh: string, en: string, type: ColumnType];

const HEADINGS: Record<string, Heading[]> = {
  orders: [
    ['订单号', 'Order number', 'text'],
    ['状态', 'Status', 'text'],
    ['买家', 'Buyer', 'text'],
    ['商品', 'Goods', 'text'],
    ['玩家 ID', 'Player ID', 'text'],
    ['商品数', 'Items', 'int'],
    ['币种', 'Currency', 'text'],
    ['订单金额', 'Total', 'money'],
    ['人民币金额', 'Total (CNY)', 'money'],
    ['已退款（人民币）', 'Refunded (CNY)', 'money'],
    ['支付方式', 'Payment method', 'text'],
    ['下单时间', 'Created at', 'time'],
    ['支付时间', 'Paid at', 'time'],
  ],
  ledger: [
    ['时间', 'Time', 'time'],
    ['类型', 'Type', 'text'],
    ['金额（人民币）', 'Amount (CNY)', 'money'],
    ['变动前余额', 'Balance before', 'money'],
    ['变动后余额', 'Balance after', 'money'],
    ['关联单号', 'Reference', 'text'],
    ['备注', 'Memo', 'text'],
  ],
  key_sales: [
    ['售出时间', 'Sold at', 'time'],
    ['订单号', 'Order number', 'text'],
    ['商品', 'Goods', 'text'],
    ['规格', 'Option', 'text'],
    ['卡密（已遮盖）', 'Card key (masked)', 'text'],
    ['售价（人民币）', 'Price (CNY)', 'money'],
  ],
  refunds: [
    ['退款单号', 'Refund number', 'text'],
    ['订单号', 'Order number', 'text'],
    ['金额（人民币）', 'Amount (CNY)', 'money'],
    ['退款去向', 'Refunded to', 'text'],
    ['状态', 'Status', 'text'],
    ['原因', 'Reason', 'text'],
    ['操作人', 'By', 'text'],
    ['申请时间', 'Requested at', 'time'],
    ['完成时间', 'Finished at', 'time'],
  ],
  dashboard: [
    ['日期（UTC+08:00）', `Day (${SHOP_ZONE_LABEL})`, 'text'],
    ['下单数', 'Orders', 'int'],
    ['支付订单数', 'Paid orders', 'int'],
    ['收入（人民币）', 'Revenue (CNY)', 'money'],
    ['退款笔数', 'Refunds', 'int'],
    ['退款金额（人民币）', 'Refunded (CNY)', 'money'],
    ['待退款金额（人民币）', 'Refunds pending (CNY)', 'money'],
    ['直充成功', 'Top-ups delivered', 'int'],
    ['直充退款', 'Top-ups refunded', 'int'],
  ],
};

/** The columns of an export kind in a language. */
export function columnsOf(kind: string, locale: Locale) {
  return HEADINGS[kind]!.map(([zh, en, type]) => ({
    header: type === 'time' ? time(locale, zh, en) : locale === 'zh-CN' ? zh : en,
    type,
  }));
}

const SHEETS: Words = {
  'zh-CN': {
    orders: '订单',
    ledger: '资金明细',
    key_sales: '卡密销售',
    refunds: '退款',
    dashboard: '经营概况',
  },
  en: {
    orders: 'Orders',
    ledger: 'Ledger',
    key_sales: 'Card key sales',
    refunds: 'Refunds',
    dashboard: 'Dashboard',
  },
};
export const sheetName = (kind: string, locale: Locale) => SHEETS[locale][kind]!;

const WORDS: Record<string, Words> = {
  order: {
    'zh-CN': {
      pending_payment: '待支付',
      paid: '已支付',
      delivering: '发货中',
      completed: '已完成',
      cancelled: '已取消',
      failed: '失败',
      refunded: '已退款',
    },
    en: {
      pending_payment: 'Awaiting payment',
      paid: 'Paid',
      delivering: 'Delivering',
      completed: 'Completed',
      cancelled: 'Cancelled',
      failed: 'Failed',
      refunded: 'Refunded',
    },
  },
  refund: {
    'zh-CN': { pending: '处理中', succeeded: '已退款', failed: '失败' },
    en: { pending: 'Pending', succeeded: 'Refunded', failed: 'Failed' },
  },
  method: {
    'zh-CN': { balance: '余额', alipay: '支付宝', wechat: '微信支付' },
    en: { balance: 'Balance', alipay: 'Alipay', wechat: 'WeChat Pay' },
  },
  ledger: {
    'zh-CN': {
      opening: '期初余额',
      recharge: '充值',
      order_payment: '订单支付',
      refund: '退款',
      adjustment: '人工调整',
    },
    en: {
      opening: 'Opening balance',
      recharge: 'Recharge',
      order_payment: 'Order payment',
      refund: 'Refund',
      adjustment: 'Adjustment',
    },
  },
  actor: {
    'zh-CN': { system: '系统' },
    en: { system: 'System' },
  },
};

/** A value in words (an unknown one as itself: better than an empty cell). */
export function wordFor(group: keyof typeof WORDS, locale: Locale, value: string | null): string {
  if (value === null) return '';
  return WORDS[group]![locale][value] ?? value;
}

const FILE_PREFIX: Record<string, string> = {
  orders: 'orders',
  ledger: 'ledger',
  key_sales: 'card-key-sales',
  refunds: 'refunds',
  dashboard: 'dashboard',
};

/** `orders-2026-01-02-1530.xlsx`, dated in the shop's zone. */
export function fileNameOf(kind: string, format: string, now: number, id: number): string {
  const stamp = new Date(now + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', '-').replace(':', '');
  return `${FILE_PREFIX[kind]}-${stamp}-${id}.${format}`;
}

import type { Locale } from '@shop/domain/locale';

type Text = Record<Locale, string>;

// Field labels of the console's exports endpoints (issue 32; see auth.ts).
const common: Record<string, Text> = {
  format: { 'zh-CN': '文件格式', en: 'File format' },
  locale: { 'zh-CN': '表头语言', en: 'Language' },
};
const period: Record<string, Text> = {
  from: { 'zh-CN': '开始日期', en: 'From' },
  to: { 'zh-CN': '结束日期', en: 'To' },
};
export const exportsFields: Record<string, Text> = {};
export const exportsRoutes: Record<string, Record<string, Text>> = {
  '/api/admin/exports/orders': {
    ...common,
    ...period,
    oid: { 'zh-CN': '订单号', en: 'Order number' },
    buyer: { 'zh-CN': '买家', en: 'Buyer' },
    goods_id: { 'zh-CN': '商品', en: 'Goods' },
    player_id: { 'zh-CN': '玩家 ID', en: 'Player ID' },
    oid_prefix: { 'zh-CN': '订单号开头', en: 'Order number starts with' },
    buyer_prefix: { 'zh-CN': '买家邮箱或手机号开头', en: "Buyer's email or phone starts with" },
    player_prefix: { 'zh-CN': '玩家 ID 开头', en: 'Player ID starts with' },
    status: { 'zh-CN': '订单状态', en: 'Order status' },
    pay_method: { 'zh-CN': '支付方式', en: 'Payment method' },
  },
  '/api/admin/exports/ledger': { ...common, user_id: { 'zh-CN': '买家', en: 'Buyer' } },
  '/api/admin/exports/key-sales': { ...common, ...period, goods_id: { 'zh-CN': '商品', en: 'Goods' } },
  '/api/admin/exports/refunds': {
    ...common,
    ...period,
    status: { 'zh-CN': '退款状态', en: 'Refund status' },
  },
  '/api/admin/exports/dashboard': common,
  '/api/admin/exports/download': {
    id: { 'zh-CN': '导出记录', en: 'Export' },
    expires: { 'zh-CN': '链接有效期', en: 'Link expiry' },
    sig: { 'zh-CN': '链接签名', en: 'Link signature' },
  },
};

import type { Locale } from '@shop/domain/locale';

type Text = Record<Locale, string>;

// Field labels of the console's orders endpoints (see auth.ts).
export const ordersFields: Record<string, Text> = {};

const item = { order_item_id: { 'zh-CN': '订单商品', en: 'Order item' } };
const note = { 'zh-CN': '给买家的说明', en: 'Note to the buyer' };
const from = { 'zh-CN': '开始日期', en: 'From' };
const to = { 'zh-CN': '结束日期', en: 'To' };

export const ordersRoutes: Record<string, Record<string, Text>> = {
  '/api/admin/orders/list': {
    oid: { 'zh-CN': '订单号', en: 'Order number' },
    buyer: { 'zh-CN': '买家（邮箱、手机号或用户 ID）', en: 'Buyer (email, phone or user ID)' },
    goods_id: { 'zh-CN': '商品 ID', en: 'Product ID' },
    player_id: { 'zh-CN': '玩家 ID', en: 'Player ID' },
    oid_prefix: { 'zh-CN': '订单号开头', en: 'Order number starts with' },
    buyer_prefix: { 'zh-CN': '买家邮箱或手机号开头', en: "Buyer's email or phone starts with" },
    player_prefix: { 'zh-CN': '玩家 ID 开头', en: 'Player ID starts with' },
    status: { 'zh-CN': '订单状态', en: 'Order status' },
    pay_method: { 'zh-CN': '支付方式', en: 'Payment method' },
    order: { 'zh-CN': '排序方向', en: 'Sort direction' },
    from,
    to,
  },
  '/api/admin/orders/detail': { oid: { 'zh-CN': '订单号', en: 'Order number' } },
  '/api/admin/orders/deliver': {
    ...item,
    note,
    tracking_no: { 'zh-CN': '物流单号', en: 'Tracking number' },
  },
  '/api/admin/orders/settle': {
    ...item,
    outcome: { 'zh-CN': '处理结果', en: 'Outcome' },
    note,
  },
  '/api/admin/orders/retry': item,
  '/api/admin/orders/cancel': {
    oid: { 'zh-CN': '订单号', en: 'Order number' },
    reason: { 'zh-CN': '取消原因', en: 'Reason' },
  },
  '/api/admin/orders/reconciliation': { from, to },
};

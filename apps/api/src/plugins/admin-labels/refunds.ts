import type { Locale } from '@shop/domain/locale';

type Text = Record<Locale, string>;

// Field labels of the console's refunds endpoints (see auth.ts).
export const refundsFields: Record<string, Text> = {};
export const refundsRoutes: Record<string, Record<string, Text>> = {
  '/api/admin/orders/refund': {
    oid: { 'zh-CN': '订单号', en: 'Order number' },
    order_item_id: { 'zh-CN': '退款商品', en: 'Item' },
    amount: { 'zh-CN': '退款金额', en: 'Refund amount' },
    destination: { 'zh-CN': '退款去向', en: 'Refund to' },
    reason: { 'zh-CN': '退款原因', en: 'Reason' },
    request_key: { 'zh-CN': '请求编号', en: 'Request key' },
    return_coupon: { 'zh-CN': '退回优惠码使用次数', en: "Give the code's use back" },
  },
  '/api/admin/refunds/retry': { id: { 'zh-CN': '退款记录', en: 'Refund' } },
};

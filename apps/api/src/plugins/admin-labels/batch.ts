import type { Locale } from '@shop/domain/locale';

type Text = Record<Locale, string>;

// Field labels of the console's batch endpoints (issue 32; see auth.ts).
export const batchFields: Record<string, Text> = {};

const oid = { 'zh-CN': '订单号', en: 'Order number' };

export const batchRoutes: Record<string, Record<string, Text>> = {
  '/api/admin/orders/batch/ship': {
    rows: { 'zh-CN': '要发货的订单', en: 'Orders to ship' },
    oid,
    carrier: { 'zh-CN': '物流公司', en: 'Carrier' },
    tracking_no: { 'zh-CN': '物流单号', en: 'Tracking number' },
  },
  '/api/admin/orders/batch/ship-csv': {
    csv: { 'zh-CN': 'CSV 文件', en: 'CSV file' },
  },
  '/api/admin/orders/batch/cancel': {
    oids: { 'zh-CN': '要取消的订单', en: 'Orders to cancel' },
    reason: { 'zh-CN': '取消原因', en: 'Reason' },
  },
  '/api/admin/catalog/goods/batch-sale': {
    ids: { 'zh-CN': '选中的商品', en: 'Selected goods' },
    on_sale: { 'zh-CN': '上架状态', en: 'On sale' },
  },
};

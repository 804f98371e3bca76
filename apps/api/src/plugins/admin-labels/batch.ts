import type { Locale } from '@shop/domain/locale';

type Text = Record<Locale, string>;

// Field labels of the console's batch endpoints (issue 32; see auth.ts).
export const batchFields: Record<string, Text> = {};

export const batchRoutes: Record<string, Record<string, Text>> = {
  '/api/admin/orders/batch/ship': {
    rows: { 'zh-CN': '要发货的订单', en: 'Orders to ship' },
    'rows.*': { 'zh-CN': '第 {1} 个要发货的订单', en: 'Order {1} to ship' },
    'rows.*.oid': { 'zh-CN': '第 {1} 个订单的订单号', en: 'Order number of order {1}' },
    'rows.*.carrier': { 'zh-CN': '第 {1} 个订单的物流公司', en: 'Carrier of order {1}' },
    'rows.*.tracking_no': { 'zh-CN': '第 {1} 个订单的物流单号', en: 'Tracking number of order {1}' },
  },
  '/api/admin/orders/batch/ship-csv': {
    lines: { 'zh-CN': 'CSV 文件的行', en: 'Lines of the CSV file' },
    'lines.*': { 'zh-CN': 'CSV 文件第 {1} 行', en: 'Line {1} of the CSV file' },
  },
  '/api/admin/orders/batch/cancel': {
    oids: { 'zh-CN': '要取消的订单', en: 'Orders to cancel' },
    'oids.*': { 'zh-CN': '第 {1} 个要取消的订单号', en: 'Order number {1} to cancel' },
    reason: { 'zh-CN': '取消原因', en: 'Reason' },
  },
  '/api/admin/catalog/goods/batch-sale': {
    ids: { 'zh-CN': '选中的商品', en: 'Selected goods' },
    'ids.*': { 'zh-CN': '第 {1} 个商品的编号', en: 'ID of goods {1}' },
    on_sale: { 'zh-CN': '上架状态', en: 'On sale' },
  },
};

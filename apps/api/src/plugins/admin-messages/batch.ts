import type { Locale } from '@shop/domain/locale';

// Messages of the console's batch work (issue 32, decision 081): what each row's report says.
export const batchMessages = {
  batch_shipped: { 'zh-CN': '已发货', en: 'Shipped' },
  batch_shipped_same: {
    'zh-CN': '此前已用同一物流单号发货，未做更改',
    en: 'Shipped before with this tracking number; nothing changed',
  },
  batch_cancelled: { 'zh-CN': '已取消', en: 'Cancelled' },
  batch_cancelled_same: { 'zh-CN': '此前已取消，未做更改', en: 'Cancelled before; nothing changed' },
  batch_on_sale: { 'zh-CN': '已上架', en: 'Put on sale' },
  batch_off_sale: { 'zh-CN': '已下架', en: 'Taken off sale' },
  batch_on_sale_same: { 'zh-CN': '本来就在售，未做更改', en: 'On sale already; nothing changed' },
  batch_off_sale_same: { 'zh-CN': '本来就已下架，未做更改', en: 'Off sale already; nothing changed' },
  batch_failed: {
    'zh-CN': '这一行未能完成，请稍后重试',
    en: 'This row could not be done; please try again',
  },
  batch_too_many: {
    'zh-CN': '一次最多处理 {max} 行，这里有 {count} 行，请分批处理',
    en: 'At most {max} rows at once; this has {count}. Split it into smaller batches',
  },
  batch_not_paid: { 'zh-CN': '订单尚未支付，不能发货', en: 'The order is not paid yet; it cannot ship' },
  batch_order_cancelled: { 'zh-CN': '订单已取消', en: 'The order was cancelled' },
  batch_order_closed: {
    'zh-CN': '订单已结束（失败或已退款），不能发货',
    en: 'The order is closed (failed or refunded); it cannot ship',
  },
  batch_nothing_to_ship: {
    'zh-CN': '订单中没有需要寄送的实物商品',
    en: 'The order has no goods that ship',
  },
  batch_shipped_already: {
    'zh-CN': '订单已发货（物流单号 {tracking}），不能更改',
    en: 'The order was shipped already (tracking number {tracking}); it cannot be changed',
  },
  batch_csv_unreadable: {
    'zh-CN': '无法读取这个 CSV 文件：第 {line} 行的引号没有闭合',
    en: 'The CSV file cannot be read: the quote on line {line} is never closed',
  },
  batch_csv_no_lines: {
    'zh-CN': '文件中没有要发货的行',
    en: 'The file has no lines to ship',
  },
  batch_csv_columns: {
    'zh-CN': '应有 3 列（订单号、物流公司、物流单号），这一行有 {count} 列',
    en: 'Needs 3 columns (order number, carrier, tracking number); this line has {count}',
  },
  batch_csv_oid: {
    'zh-CN': '“{value}”不是订单号',
    en: '“{value}” is not an order number',
  },
  batch_csv_carrier: {
    'zh-CN': '物流公司为空、过长（最多 {max} 个字符）或含有控制字符',
    en: 'The carrier is empty, too long (at most {max} characters) or holds control characters',
  },
  batch_csv_tracking: {
    'zh-CN': '物流单号须为 1–{max} 个字母、数字或符号，不含空格',
    en: 'The tracking number must be 1–{max} letters, digits or signs, without spaces',
  },
  batch_csv_duplicate: {
    'zh-CN': '该订单已在第 {line} 行出现',
    en: 'This order is on line {line} already',
  },
} satisfies Record<string, Record<Locale, string>>;

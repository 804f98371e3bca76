import type { Locale } from '@shop/domain/locale';

// Messages of the console's orders endpoints (issue 15).
export const ordersMessages = {
  order_item_not_found: { 'zh-CN': '订单商品不存在', en: 'This order item does not exist' },
  item_not_deliverable: {
    'zh-CN': '该商品无需人工发货（卡密商品或订单未支付）',
    en: 'This item is not delivered by hand (a card key, or the order is not paid)',
  },
  delivery_is_topup: {
    'zh-CN': '直充商品请使用“处理充值”或“重试”',
    en: 'This is a direct top-up: settle or retry it instead',
  },
  delivery_not_topup: {
    'zh-CN': '只有直充商品可以这样处理',
    en: 'Only a direct top-up can be settled or retried this way',
  },
  tracking_required: {
    'zh-CN': '实物商品发货请填写物流单号',
    en: 'Goods that ship need a tracking number',
  },
  delivery_settled: {
    'zh-CN': '该商品已处理完毕，不能再更改',
    en: 'This item is settled already and cannot be changed',
  },
  topup_running: {
    'zh-CN': '充值仍在向供应商查询中，请等待结果',
    en: 'The top-up is still being checked with the supplier; wait for its result',
  },
  reconciliation_range: {
    'zh-CN': '开始时间必须早于结束时间',
    en: 'The start must be before the end',
  },
} satisfies Record<string, Record<Locale, string>>;

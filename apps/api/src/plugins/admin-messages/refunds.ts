import type { Locale } from '@shop/domain/locale';

// Messages of the console's refunds endpoints (issue 15).
export const refundsMessages = {
  refund_exceeds_paid: {
    'zh-CN': '退款金额超过可退金额，最多还可退 ¥{left}',
    en: 'This is more than is left to refund: at most ¥{left}',
  },
  refund_amount_invalid: {
    'zh-CN': '退款金额至少为 ¥0.01',
    en: 'The refund must be at least ¥0.01',
  },
  refund_order_unpaid: {
    'zh-CN': '该订单未支付，没有可退的款项',
    en: 'This order was not paid, so there is nothing to refund',
  },
  refund_order_refunded: {
    'zh-CN': '该订单已全额退款',
    en: 'This order has been refunded in full already',
  },
  refund_item_not_found: {
    'zh-CN': '该订单中没有这个商品',
    en: 'This order has no such item',
  },
  refund_no_payment: {
    'zh-CN': '找不到支付该订单的原支付记录，请退回余额',
    en: 'The payment that paid this order was not found; refund to the balance instead',
  },
  refund_provider_off: {
    'zh-CN': '原支付方式当前未配置，无法原路退回，请退回余额',
    en: 'The original payment method is not set up now; refund to the balance instead',
  },
  refund_delivery_running: {
    'zh-CN': '该商品的直充仍在供应商处理中，请等待结果后再退款',
    en: 'The supplier is still working on this top-up; refund it once it has answered',
  },
  refund_delivery_whole: {
    'zh-CN': '该商品尚未发货，只能全额退款（¥{amount}），退款后将不再发货',
    en: 'This item has not been delivered: it can only be refunded whole (¥{amount}), which cancels its delivery',
  },
  refund_not_found: { 'zh-CN': '退款记录不存在', en: 'This refund does not exist' },
  refund_not_pending: {
    'zh-CN': '该退款已有结果，无需重试',
    en: 'This refund is settled already; there is nothing to retry',
  },
} satisfies Record<string, Record<Locale, string>>;

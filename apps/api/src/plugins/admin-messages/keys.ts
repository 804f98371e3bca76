import type { Locale } from '@shop/domain/locale';

// Messages of the console's keys endpoints (issue 14).
export const keysMessages = {
  card_option_required: {
    'zh-CN': '请选择一个规格或一个面值',
    en: 'Choose one option: a SKU or a face value',
  },
  card_option_not_found: {
    'zh-CN': '该商品没有这个规格或面值',
    en: 'This product has no such option',
  },
  not_card_goods: {
    'zh-CN': '该商品不是卡密商品，不能导入卡密',
    en: 'This product is not delivered as card keys; keys cannot be imported for it',
  },
  card_face_needs_goods: {
    'zh-CN': '按面值筛选时请同时选择商品',
    en: 'Choose the product as well to filter by face value',
  },
  import_batch_too_large: {
    'zh-CN': '每批最多 {max} 行，请分批导入',
    en: 'At most {max} lines per batch; send the import in smaller batches',
  },
  import_batch_lines_or_keys: {
    'zh-CN': '每批请只发送文件的行或已识别的卡密，不能同时发送',
    en: 'Send either the lines of the file or the keys read from it in a batch, not both',
  },
  import_batch_other_option: {
    'zh-CN': '这批卡密已按另一个规格导入过，请重新开始导入',
    en: 'This batch was already imported for another option; start the import again',
  },
  card_key_not_found: { 'zh-CN': '卡密不存在', en: 'This card key does not exist' },
  card_key_reserved: {
    'zh-CN': '该卡密已被未支付订单占用，不能作废；订单取消后可再作废',
    en: 'An unpaid order holds this key, so it cannot be voided; it can be once the order is cancelled',
  },
  card_key_sold: {
    'zh-CN': '该卡密已售出，不能作废',
    en: 'This key has been sold and cannot be voided',
  },
  card_key_void: { 'zh-CN': '该卡密已作废', en: 'This key is void already' },
  card_key_busy: {
    'zh-CN': '有订单正在占用该规格的库存，请稍后重试',
    en: 'An order is taking stock of this option right now; please try again',
  },
} as const satisfies Record<string, Record<Locale, string>>;

import type { Locale } from '@shop/domain/locale';

// Messages of the console's buyers endpoints (issue 15).
export const buyersMessages = {
  buyer_not_found: { 'zh-CN': '买家不存在', en: 'This buyer does not exist' },
  adjust_amount_invalid: {
    'zh-CN': '调整金额须为非零金额，例如 20.00 或 -5.00',
    en: 'The adjustment must be an amount other than zero, e.g. 20.00 or -5.00',
  },
  adjust_below_zero: {
    'zh-CN': '买家余额为 ¥{balance}，不能扣减 ¥{amount}：余额不能低于零',
    en: "The buyer's balance is ¥{balance}; deducting ¥{amount} would take it below zero",
  },
  adjust_key_reused: {
    'zh-CN': '该请求编号已用于另一次调整，请重新打开调整窗口',
    en: 'This request key was used for another adjustment; open the adjustment dialog again',
  },
} satisfies Record<string, Record<Locale, string>>;

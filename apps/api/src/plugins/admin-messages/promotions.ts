import type { Locale } from '@shop/domain/locale';

// Messages of the console's promotions endpoints (issue 31, decision 072).
export const promotionsMessages = {
  promo_coupon_missing: { 'zh-CN': '优惠码不存在', en: 'This code does not exist' },
  promo_code_text: {
    'zh-CN': '优惠码须为 3–32 位字母或数字（空格和短横线会被去掉）',
    en: 'A code is 3–32 letters and digits (spaces and dashes are dropped)',
  },
  promo_code_taken: {
    'zh-CN': '优惠码 {code} 已存在：不区分大小写，0 与 O、1 与 I、L 视为相同',
    en: 'The code {code} is taken: codes ignore case, and 0/O and 1/I/L read as the same',
  },
  promo_fixed_terms: {
    'zh-CN': '满减券须填写人民币金额，不能填写折扣百分比或封顶金额',
    en: 'An amount-off code needs its CNY amount, and takes no percent or cap',
  },
  promo_percent_terms: {
    'zh-CN': '折扣券须填写大于 0 且不超过 100 的百分比，不能填写金额',
    en: 'A percent-off code needs a percent above 0 and at most 100, and takes no amount',
  },
  promo_dates: { 'zh-CN': '结束时间须晚于开始时间', en: 'The end must come after the start' },
  promo_total_below_used: {
    'zh-CN': '总次数不能少于已使用的 {used} 次',
    en: 'Total uses cannot be below the {used} uses already made',
  },
  promo_scope_empty: {
    'zh-CN': '请至少选择一个适用的分类、商品或规格',
    en: 'Choose at least one category, product or option the code applies to',
  },
  promo_scope_unknown: {
    'zh-CN': '适用范围中有不存在的项目：{ids}',
    en: 'The scope names things that do not exist: {ids}',
  },
  promo_batch_missing: { 'zh-CN': '批次不存在', en: 'This batch does not exist' },
  promo_batch_generating: {
    'zh-CN': '批次仍在生成中，完成后再导出',
    en: 'The batch is still being generated; export it when it is done',
  },
  promo_batch_failed: {
    'zh-CN': '批次生成失败（已生成 {generated} / {count} 个），请先重试生成再导出',
    en: 'Generating this batch failed ({generated} of {count} codes made); retry it before exporting',
  },
  promo_batch_not_failed: {
    'zh-CN': '只有生成失败的批次可以重试',
    en: 'Only a batch whose generation failed can be retried',
  },
  promo_level_missing: { 'zh-CN': '会员等级不存在', en: 'This member level does not exist' },
  promo_level_threshold_taken: {
    'zh-CN': '已有一个门槛为 {threshold} 的等级',
    en: 'A level with the threshold {threshold} exists already',
  },
  promo_level_in_use: {
    'zh-CN': '该等级仍有会员或订单在使用，不能删除',
    en: 'Buyers or orders still hold this level; it cannot be removed',
  },
  promo_level_discount: {
    'zh-CN': '折扣须为 0 到 99.99 的百分比',
    en: 'The discount is a percent from 0 to 99.99',
  },
  promo_levels_full: { 'zh-CN': '会员等级最多 {max} 个', en: 'At most {max} member levels' },
  promo_option_unknown: {
    'zh-CN': '该商品没有这个规格或面值：{key}',
    en: 'This product has no such option: {key}',
  },
  promo_tier_twice: {
    'zh-CN': '同一规格的同一数量只能有一个阶梯价：{key} {min} 件起',
    en: 'One tier per quantity of an option: {key} from {min}',
  },
  promo_price_not_lower: {
    'zh-CN': '阶梯价和会员价须低于该规格的原价：{key}',
    en: "Tier and level prices must be below the option's list price: {key}",
  },
  promo_level_price_twice: {
    'zh-CN': '同一等级的同一规格只能有一个会员价：{key}',
    en: 'One level price per level and option: {key}',
  },
} as const satisfies Record<string, Record<Locale, string>>;

import type { Locale } from '@shop/domain/locale';

// Field labels of the console's promotions endpoints (issue 31): how a refusal names the field.
type Text = Record<Locale, string>;
const l = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });

const coupon = l('优惠码', 'Code');
const batch = l('优惠码批次', 'Code batch');
const level = l('会员等级', 'Member level');
const levelZh = l('等级中文名称', 'Level name (Chinese)');
const levelEn = l('等级英文名称', 'Level name (English)');
const goods = l('商品', 'Product');

export const promotionsFields: Record<string, Text> = {
  kind: l('优惠类型', 'Kind of code'),
  amount_cny: l('减免金额（人民币）', 'Amount off (CNY)'),
  amount_usd: l('美元订单减免金额', 'Amount off for USD orders'),
  percent: l('折扣百分比', 'Percent off'),
  cap_cny: l('最多减（人民币）', 'Cap (CNY)'),
  min_spend_cny: l('最低消费（人民币）', 'Minimum spend (CNY)'),
  starts_at: l('开始时间', 'Start'),
  ends_at: l('结束时间', 'End'),
  total_uses: l('总次数', 'Total uses'),
  per_user: l('每人次数', 'Uses per buyer'),
  scope: l('适用范围', 'Scope'),
  scope_ids: l('适用的项目', 'Scope items'),
  'scope_ids.*': l('第 {1} 个适用项目', 'Scope item {1}'),
  first_order_only: l('仅限首单', 'First order only'),
  disabled: l('停用', 'Disabled'),
  count: l('数量', 'Count'),
  prefix: l('前缀', 'Prefix'),
  length: l('随机字符数', 'Random characters'),
  batch_id: batch,
  batched: l('来源', 'Made'),
  state: l('优惠码状态', 'Code state'),
  threshold_cny: l('累计消费门槛', 'Lifetime spend threshold'),
  discount_percent: l('折扣（%）', 'Discount (%)'),
  tiers: l('阶梯价', 'Quantity tiers'),
  'tiers.*': l('第 {1} 个阶梯', 'Tier {1}'),
  'tiers.*.option_key': l('第 {1} 个阶梯的规格', 'Option of tier {1}'),
  'tiers.*.min_num': l('第 {1} 个阶梯的起购数量', 'From quantity of tier {1}'),
  'tiers.*.price_cny': l('第 {1} 个阶梯的人民币单价', 'CNY unit price of tier {1}'),
  'tiers.*.price_usd': l('第 {1} 个阶梯的美元单价', 'USD unit price of tier {1}'),
  level_prices: l('会员价', 'Member prices'),
  'level_prices.*': l('第 {1} 个会员价', 'Member price {1}'),
  'level_prices.*.level_id': l('第 {1} 个会员价的等级', 'Level of member price {1}'),
  'level_prices.*.option_key': l('第 {1} 个会员价的规格', 'Option of member price {1}'),
  'level_prices.*.price_cny': l('第 {1} 个会员价的人民币单价', 'CNY unit price of member price {1}'),
  'level_prices.*.price_usd': l('第 {1} 个会员价的美元单价', 'USD unit price of member price {1}'),
};

export const promotionsRoutes: Record<string, Record<string, Text>> = {
  '/api/admin/promotions/coupon/detail': { id: coupon },
  '/api/admin/promotions/coupon/update': { id: coupon },
  '/api/admin/promotions/coupon/usage': { id: coupon, status: l('使用状态', 'Use') },
  '/api/admin/promotions/batch/status': { id: batch },
  '/api/admin/promotions/batch/export': { id: batch },
  '/api/admin/promotions/batch/retry': { id: batch },
  '/api/admin/promotions/level/create': { name_zh: levelZh, name_en: levelEn },
  '/api/admin/promotions/level/update': { id: level, name_zh: levelZh, name_en: levelEn },
  '/api/admin/promotions/level/delete': { id: level },
  '/api/admin/goods/prices': { id: goods },
  '/api/admin/goods/prices/set': { id: goods },
};

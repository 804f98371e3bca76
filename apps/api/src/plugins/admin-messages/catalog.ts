import type { Locale } from '@shop/domain/locale';

// Messages of the console's catalog endpoints (issue 14). An option or server is named in the
// operator's language: the zh-CN text gets its Chinese name, the en text its English one.
export const catalogMessages = {
  catalog_stock_changed: {
    'zh-CN': '「{name_zh}」的库存在你编辑期间因订单发生了变化，请刷新后重新填写库存',
    en: 'The stock of "{name_en}" changed through orders while you were editing; reload and enter the stock again',
  },
  catalog_parent_self: {
    'zh-CN': '分类不能放在自己下面',
    en: 'A category cannot sit under itself',
  },
  catalog_parent_not_found: {
    'zh-CN': '上级分类不存在，请刷新后重新选择',
    en: 'The parent category does not exist; reload and choose again',
  },
  catalog_parent_not_top: {
    'zh-CN': '上级分类必须是一级分类（分类最多两级）',
    en: 'The parent must be a top-level category (categories go two levels deep)',
  },
  catalog_parent_has_children: {
    'zh-CN': '该分类下有 {count} 个子分类，只能作为一级分类',
    en: 'This category has {count} subcategories, so it must stay top-level',
  },
  catalog_category_has_goods: {
    'zh-CN': '该分类下还有 {count} 件商品（含已下架的），请先把它们移到其他分类再删除',
    en: 'This category still holds {count} goods (off-sale ones included); move them to another category first',
  },
  catalog_category_has_children: {
    'zh-CN': '该分类下还有 {count} 个子分类，请先删除或移走子分类',
    en: 'This category still has {count} subcategories; remove or move them first',
  },
  catalog_category_missing: {
    'zh-CN': '所选分类不存在，请刷新后重新选择',
    en: 'The chosen category does not exist; reload and choose again',
  },
  catalog_goods_not_found: { 'zh-CN': '商品不存在', en: 'This goods does not exist' },
  catalog_goods_changed: {
    'zh-CN': '这件商品刚被其他人修改过，请刷新后再保存',
    en: 'Someone else saved this goods in the meantime; reload it and make your changes again',
  },
  catalog_skus_required: {
    'zh-CN': '按规格销售的商品请至少添加一个规格',
    en: 'A goods sold by option needs at least one option',
  },
  catalog_face_values_required: {
    'zh-CN': '按面值销售的商品请至少添加一个面值',
    en: 'A goods sold by face value needs at least one face value',
  },
  catalog_face_values_not_wanted: {
    'zh-CN': '按规格销售的商品不能填写面值',
    en: 'A goods sold by option takes no face values',
  },
  catalog_skus_not_wanted: {
    'zh-CN': '按面值销售的商品不能填写规格',
    en: 'A goods sold by face value takes no options',
  },
  catalog_servers_required: {
    'zh-CN': '直充商品请至少添加一个区服',
    en: 'A direct top-up needs at least one server',
  },
  catalog_ships_manual_only: {
    'zh-CN': '只有人工发货的商品可以邮寄到收货地址',
    en: 'Only manual-delivery goods can be shipped to an address',
  },
  catalog_sku_price_zero: {
    'zh-CN': '第 {n} 个规格的价格必须大于 0',
    en: 'The price of option {n} must be more than 0',
  },
  catalog_face_price_zero: {
    'zh-CN': '第 {n} 个面值的价格必须大于 0',
    en: 'The price of face value {n} must be more than 0',
  },
  catalog_face_value_twice: {
    'zh-CN': '面值 {face_value} 填写了两次',
    en: 'The face value {face_value} is listed twice',
  },
  catalog_option_unknown: {
    'zh-CN': '有规格不属于这件商品，请刷新后再保存',
    en: 'An option does not belong to this goods; reload and save again',
  },
  catalog_server_unknown: {
    'zh-CN': '有区服不属于这件商品，请刷新后再保存',
    en: 'A server does not belong to this goods; reload and save again',
  },
  catalog_option_in_use: {
    'zh-CN': '「{name_zh}」已有卡密、购物车或订单在用，不能删除；请改为下架',
    en: '"{name_en}" is used by card keys, carts or orders and cannot be removed; take it off sale instead',
  },
  catalog_server_in_use: {
    'zh-CN': '区服「{name_zh}」已有购物车或订单在用，不能删除',
    en: 'The server "{name_en}" is used by carts or orders and cannot be removed',
  },
} as const satisfies Record<string, Record<Locale, string>>;

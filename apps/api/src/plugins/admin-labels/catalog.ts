import type { Locale } from '@shop/domain/locale';

type Text = Record<Locale, string>;

// Field labels of the console's catalog endpoints (see auth.ts). Every label sits under its route,
// so a name another console area uses differently (name_zh, sort, id) never clashes.
export const catalogFields: Record<string, Text> = {};

const t = (zh: string, en: string): Text => ({ 'zh-CN': zh, en });

const category = t('分类', 'Category');
const categoryBody: Record<string, Text> = {
  name_zh: t('分类中文名称', 'Category name (Chinese)'),
  name_en: t('分类英文名称', 'Category name (English)'),
  parent_id: t('上级分类', 'Parent category'),
  icon: t('分类图标', 'Category icon'),
  sort: t('排序值', 'Sort position'),
  is_show: t('显示状态', 'Shown'),
};

/** The fields of one option row, in the words of its table: `第 {1} 个规格的…` / `… of option {1}`. */
function optionRow(list: string, zh: string, en: string): Record<string, Text> {
  const row = (zhField: string, enField: string) =>
    t(`第 {1} 个${zh}的${zhField}`, `${enField} of ${en} {1}`);
  return {
    [list]: t(`${zh}列表`, `${en[0]!.toUpperCase()}${en.slice(1)}s`),
    [`${list}.*`]: t(`第 {1} 个${zh}`, `${en[0]!.toUpperCase()}${en.slice(1)} {1}`),
    [`${list}.*.price_cny`]: row('人民币价格', 'CNY price'),
    [`${list}.*.price_usd`]: row('美元价格', 'USD price'),
    [`${list}.*.original_cny`]: row('人民币划线价', 'Crossed-out CNY price'),
    [`${list}.*.stock`]: row('库存', 'Stock'),
    [`${list}.*.stock_was`]: row('加载时的库存', 'Stock when loaded'),
    [`${list}.*.sort`]: row('排序值', 'Sort position'),
    [`${list}.*.on_sale`]: row('上架状态', 'On sale'),
  };
}

const goodsBody: Record<string, Text> = {
  category_id: t('商品分类', 'Category'),
  name_zh: t('商品中文名称', 'Name (Chinese)'),
  name_en: t('商品英文名称', 'Name (English)'),
  subtitle_zh: t('中文副标题', 'Subtitle (Chinese)'),
  subtitle_en: t('英文副标题', 'Subtitle (English)'),
  description_zh: t('中文商品介绍', 'Description (Chinese)'),
  description_en: t('英文商品介绍', 'Description (English)'),
  instructions_zh: t('中文使用说明', 'Instructions (Chinese)'),
  instructions_en: t('英文使用说明', 'Instructions (English)'),
  image: t('商品主图', 'Main picture'),
  images: t('商品图集', 'Gallery'),
  'images.*': t('图集第 {1} 张图片', 'Gallery picture {1}'),
  recharge_type: t('发货方式', 'Delivery type'),
  spec_type: t('销售方式', 'Sold by'),
  ships: t('邮寄到收货地址', 'Ships to an address'),
  ...optionRow('skus', '规格', 'option'),
  'skus.*.id': t('第 {1} 个规格的编号', 'ID of option {1}'),
  'skus.*.spec_zh': t('第 {1} 个规格的中文名称', 'Chinese name of option {1}'),
  'skus.*.spec_en': t('第 {1} 个规格的英文名称', 'English name of option {1}'),
  ...optionRow('face_values', '面值', 'face value'),
  'face_values.*.face_value': t('第 {1} 个面值的数额', 'Amount of face value {1}'),
  'face_values.*.label_zh': t('第 {1} 个面值的中文名称', 'Chinese name of face value {1}'),
  'face_values.*.label_en': t('第 {1} 个面值的英文名称', 'English name of face value {1}'),
  servers: t('区服列表', 'Servers'),
  'servers.*': t('第 {1} 个区服', 'Server {1}'),
  'servers.*.id': t('第 {1} 个区服的编号', 'ID of server {1}'),
  'servers.*.name_zh': t('第 {1} 个区服的中文名称', 'Chinese name of server {1}'),
  'servers.*.name_en': t('第 {1} 个区服的英文名称', 'English name of server {1}'),
  'servers.*.sort': t('第 {1} 个区服的排序值', 'Sort position of server {1}'),
  player_hint_zh: t('中文玩家 ID 提示', 'Player ID hint (Chinese)'),
  player_hint_en: t('英文玩家 ID 提示', 'Player ID hint (English)'),
  player_hint_image: t('玩家 ID 提示图片', 'Player ID hint picture'),
  topup_multiple: t('可重复购买同一面值', 'Several of one face value per line'),
  on_sale: t('上架状态', 'On sale'),
  sort: t('排序值', 'Sort position'),
  stock_alert: t('库存预警值', 'Stock alert level'),
};

const goods = t('商品', 'Goods');

export const catalogRoutes: Record<string, Record<string, Text>> = {
  '/api/admin/catalog/category/create': categoryBody,
  '/api/admin/catalog/category/update': { ...categoryBody, id: category },
  '/api/admin/catalog/category/remove': { id: category },
  '/api/admin/catalog/goods/list': {
    sort: t('排序字段', 'Sort by'),
    order: t('排序方向', 'Sort direction'),
    keyword: t('搜索关键词', 'Search keyword'),
    category_id: t('商品分类', 'Category'),
    on_sale: t('上架状态', 'On sale'),
    recharge_type: t('发货方式', 'Delivery type'),
  },
  '/api/admin/catalog/goods/detail': { id: goods },
  '/api/admin/catalog/goods/create': goodsBody,
  '/api/admin/catalog/goods/update': {
    ...goodsBody,
    id: goods,
    updated_at: t('商品的修改时间', 'Last saved time of the goods'),
  },
  '/api/admin/catalog/goods/sale': { id: goods, on_sale: t('上架状态', 'On sale') },
};

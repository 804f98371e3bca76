import type { Locale } from '@shop/domain/locale';

type Text = Record<Locale, string>;

// Field labels of the console's keys endpoints (see auth.ts).
export const keysFields: Record<string, Text> = {};

const goods = { 'zh-CN': '商品', en: 'Product' };
const option = {
  goods_id: goods,
  goods_sku_id: { 'zh-CN': '规格', en: 'Option' },
  face_value: { 'zh-CN': '面值', en: 'Face value' },
};
const key = { id: { 'zh-CN': '卡密', en: 'Card key' } };

export const keysRoutes: Record<string, Record<string, Text>> = {
  '/api/admin/keys/stock': { goods_id: goods, low: { 'zh-CN': '仅库存不足', en: 'Low stock only' } },
  '/api/admin/keys/list': { ...option, status: { 'zh-CN': '卡密状态', en: 'Key status' } },
  '/api/admin/keys/import': {
    ...option,
    import_id: { 'zh-CN': '导入编号', en: 'Import ID' },
    batch: { 'zh-CN': '批次号', en: 'Batch number' },
    keys: { 'zh-CN': '卡密列表', en: 'Keys' },
    'keys.*': { 'zh-CN': '第 {1} 个卡密', en: 'Key {1}' },
    'keys.*.line': { 'zh-CN': '第 {1} 个卡密的行号', en: 'Line number of key {1}' },
    'keys.*.secret': { 'zh-CN': '第 {1} 个卡密', en: 'Key {1}' },
    bad: { 'zh-CN': '无效行列表', en: 'Bad lines' },
    'bad.*': { 'zh-CN': '第 {1} 个无效行', en: 'Bad line {1}' },
    'bad.*.line': { 'zh-CN': '第 {1} 个无效行的行号', en: 'Line number of bad line {1}' },
    'bad.*.reason': { 'zh-CN': '第 {1} 个无效行的原因', en: 'Reason of bad line {1}' },
    lines: { 'zh-CN': '文件的行', en: 'Lines of the file' },
    'lines.*': { 'zh-CN': '本批第 {1} 行', en: 'Line {1} of the batch' },
    first_line: { 'zh-CN': '本批首行的行号', en: "Line number of the batch's first line" },
  },
  '/api/admin/keys/reveal': key,
  '/api/admin/keys/void': key,
};

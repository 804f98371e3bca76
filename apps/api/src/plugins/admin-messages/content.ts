import type { Locale } from '@shop/domain/locale';

// Messages of the console's content and settings endpoints (issue 14). A missing section, zone or
// article uses the buyers' messages (module_not_found, zone_not_found, article_not_found).
export const contentMessages = {
  banner_not_found: { 'zh-CN': '轮播图不存在', en: 'This banner does not exist' },
  link_not_found: { 'zh-CN': '底部链接不存在', en: 'This footer link does not exist' },
  content_goods_unknown: {
    'zh-CN': '商品列表中有不存在的商品：{ids}',
    en: 'The goods list holds goods that do not exist: {ids}',
  },
} as const satisfies Record<string, Record<Locale, string>>;

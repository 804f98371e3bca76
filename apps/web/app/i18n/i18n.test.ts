import { describe, expect, it } from 'vitest';
import en from './en.json';
import zhCN from './zh-CN.json';
import { I18n, type TranslationKey } from './instance';

/** Flattened keys, with plural suffixes folded (zh has only `_other`, en has `_one` too). */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
const folded = (list: string[]) =>
  [...new Set(list.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();

describe('translations', () => {
  it('zh-CN and en have the same keys', () => {
    expect(folded(keys(en))).toEqual(folded(keys(zhCN)));
  });

  it('no translation is empty', () => {
    for (const bundle of [en, zhCN]) {
      for (const key of keys(bundle)) {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], bundle);
        expect(value, key).toMatch(/\S/);
      }
    }
  });

  it('renders plurals and interpolation in both languages without changing a shared language', () => {
    const bundles = { 'zh-CN': zhCN, en };
    const i18n = new I18n('zh-CN', bundles);
    expect(i18n.getFixedT('en')('cart.count', { count: 1 })).toBe('1 item');
    expect(i18n.getFixedT('en')('cart.count', { count: 3 })).toBe('3 items');
    expect(i18n.getFixedT('en')('cart.count', { count: 0 })).toBe('0 items');
    expect(i18n.getFixedT('zh-CN')('cart.count', { count: 3 })).toBe('共 3 件商品');
    expect(i18n.getFixedT('zh-CN')('cart.count', { count: 1 })).toBe('共 1 件商品');
    const other = new I18n('en', bundles);
    expect(other.getFixedT(other.language)('brand.name')).toBe('Pixel Harbor');
    expect(i18n.language).toBe('zh-CN');
    expect(i18n.getFixedT(i18n.language)('brand.name')).toBe('像素港');
  });

  // The results i18next gave for the same calls (decision 022).
  it('keeps i18next results for nested keys, missing keys and values', () => {
    const t = new I18n('en', { en }).getFixedT('en');
    expect(t('carousel.position', { index: 2, count: 5 })).toBe(
      en.carousel.position.replace('{{index}}', '2').replace('{{count}}', '5'),
    );
    expect(t('search.resultsFor', { keyword: '<b>{{brand}}</b>' })).toBe(
      en.search.resultsFor.replace('{{keyword}}', '<b>{{brand}}</b>'),
    );
    expect(t('search.resultsFor')).toBe(en.search.resultsFor);
    expect(t('search.resultsFor', { keyword: undefined })).toBe(
      en.search.resultsFor.replace('{{keyword}}', ''),
    );
    expect(t('search.resultsFor', { keyword: null })).toBe(en.search.resultsFor.replace('{{keyword}}', ''));
    expect(t('goods.rechargeType.1')).toBe(en.goods.rechargeType['1']);
    expect(t('nope.missing' as TranslationKey)).toBe('nope.missing');
    expect(new I18n('en', { en }).getFixedT('zh-CN')('brand.name')).toBe('brand.name');
  });

  it('switches the language in place and tells subscribers once per change', () => {
    const i18n = new I18n('zh-CN', { 'zh-CN': zhCN });
    let calls = 0;
    const unsubscribe = i18n.subscribe(() => (calls += 1));
    expect(i18n.hasBundle('en')).toBe(false);
    i18n.addBundle('en', en);
    i18n.changeLanguage('en');
    i18n.changeLanguage('en');
    expect(calls).toBe(1);
    expect(i18n.getFixedT(i18n.language)('brand.name')).toBe('Pixel Harbor');
    unsubscribe();
    i18n.changeLanguage('zh-CN');
    expect(calls).toBe(1);
  });
});

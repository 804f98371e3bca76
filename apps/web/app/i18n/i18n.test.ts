import { describe, expect, it } from 'vitest';
import en from './en.json';
import zhCN from './zh-CN.json';
import { createI18n } from './instance';

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
    const i18n = createI18n('zh-CN', { 'zh-CN': zhCN, en });
    expect(i18n.getFixedT('en')('cart.count', { count: 1 })).toBe('1 item');
    expect(i18n.getFixedT('en')('cart.count', { count: 3 })).toBe('3 items');
    expect(i18n.getFixedT('zh-CN')('cart.count', { count: 3 })).toBe('共 3 件商品');
    const clone = i18n.cloneInstance({ lng: 'en', initAsync: false });
    expect(clone.t('brand.name')).toBe('Pixel Harbor');
    expect(i18n.language).toBe('zh-CN');
    expect(i18n.t('brand.name')).toBe('像素港');
  });
});

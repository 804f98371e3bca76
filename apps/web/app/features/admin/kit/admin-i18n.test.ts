import { describe, expect, it } from 'vitest';
import { NAV } from './nav';
import { ADMIN_BUNDLES, adminT } from './use-admin-t';

// The console's texts (issue 14): every area's bundle has the same keys in both languages, none
// empty, and every page of the navigation has its name in both.

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
const folded = (list: string[]) =>
  [...new Set(list.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();

describe('console translations', () => {
  it('zh-CN and en have the same keys in every area', () => {
    for (const area of Object.keys(ADMIN_BUNDLES['zh-CN']) as (keyof (typeof ADMIN_BUNDLES)['zh-CN'])[]) {
      expect(folded(keys(ADMIN_BUNDLES.en[area])), area).toEqual(folded(keys(ADMIN_BUNDLES['zh-CN'][area])));
    }
  });

  it('no text is empty', () => {
    for (const locale of ['zh-CN', 'en'] as const)
      for (const key of keys(ADMIN_BUNDLES[locale])) {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], ADMIN_BUNDLES[locale]);
        expect(value, `${locale} ${key}`).toMatch(/\S/);
      }
  });

  it('names every page of the navigation in both languages', () => {
    for (const locale of ['zh-CN', 'en'] as const) {
      const t = adminT(locale);
      for (const group of NAV)
        for (const item of [group, ...group.items])
          expect(t(item.label), `${locale} ${item.label}`).not.toBe(item.label);
    }
    expect(adminT('en')('common.total', { count: 3 })).toBe('3 in all');
    expect(adminT('zh-CN')('common.total', { count: 3 })).toBe('共 3 条');
  });
});

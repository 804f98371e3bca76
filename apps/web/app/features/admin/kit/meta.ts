import { parseLocale } from '@shop/domain/locale';
import { adminT, type AdminKey } from './use-admin-t';

/** A console page's meta: its title, and never indexed. The language is the document's. */
export function adminMeta(title: AdminKey) {
  return () => {
    const locale = typeof document === 'undefined' ? 'zh-CN' : parseLocale(document.documentElement.lang);
    const t = adminT(locale);
    return [
      { title: `${t(title)} · ${t('common.console')}` },
      { name: 'robots', content: 'noindex, nofollow' },
    ];
  };
}

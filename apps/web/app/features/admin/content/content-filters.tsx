import type { ReactNode } from 'react';
import { useAdminT } from '../kit/use-admin-t';
import { useListParams } from '../kit/use-list-params';

/** The keyword and shown filters above a table (plus a page's own), kept in the URL. */
export function ListFilters({ keywordLabel, children }: { keywordLabel: string; children?: ReactNode }) {
  const { t } = useAdminT();
  const list = useListParams();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        const patch: Record<string, string> = {};
        for (const [key, value] of data.entries()) patch[key] = String(value).trim();
        list.set(patch);
      }}
    >
      <input
        name="keyword"
        defaultValue={list.get('keyword')}
        placeholder={keywordLabel}
        aria-label={keywordLabel}
        className="input h-10 w-56"
        maxLength={64}
      />
      <select
        name="is_show"
        defaultValue={list.get('is_show')}
        aria-label={t('content.common.visibility')}
        className="input h-10 w-auto"
      >
        <option value="">{t('content.common.anyVisibility')}</option>
        <option value="1">{t('common.shown')}</option>
        <option value="0">{t('common.hidden')}</option>
      </select>
      {children}
      <button type="submit" className="btn-outline">
        {t('common.search')}
      </button>
    </form>
  );
}

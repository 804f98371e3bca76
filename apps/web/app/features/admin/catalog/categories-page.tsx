import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { CATALOG_LIMITS as L } from '@shop/contract/admin/catalog.endpoints';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { adminQuiet } from '../kit/admin-api';
import { adminActions, useAdminWrite } from '../kit/actions';
import { confirmed } from '../kit/confirm';
import { adminLoader } from '../kit/admin-loader';
import { AdminPage } from '../kit/admin-page';
import { AuditTrail } from '../kit/audit-trail';
import { Toggle } from '../kit/form';
import { useAdminT } from '../kit/use-admin-t';
import { CategoryDialog } from './category-dialog';
import { type AdminCategory, categoryName, flattenTree } from './categories';
import { message } from '../../../lib/toast';

/** The writes of the categories page (its route's clientAction). */
export const categoriesActions = adminActions([
  adminEndpoints.catalogCategoryCreate,
  adminEndpoints.catalogCategoryUpdate,
  adminEndpoints.catalogCategoryRemove,
]);

export const categoriesLoader = adminLoader(() => adminQuiet.call(adminEndpoints.catalogCategoryList));

type Editing = { category: AdminCategory | null; parentId: number | null };

/** The sort position, saved when the field is left (or Enter) with another number. */
function SortInput({ category }: { category: AdminCategory }) {
  const { t, locale } = useAdminT();
  const write = useAdminWrite();
  const [value, setValue] = useState(String(category.sort));
  const [busy, setBusy] = useState(false);

  async function commit() {
    const sort = Number(value);
    if (!/^\d{1,7}$/.test(value.trim()) || sort > L.sort) {
      setValue(String(category.sort));
      return;
    }
    if (sort === category.sort) return;
    setBusy(true);
    const saved = await write
      .call(adminEndpoints.catalogCategoryUpdate, { id: category.id, sort })
      .catch(() => undefined);
    setBusy(false);
    if (!saved) setValue(String(category.sort));
  }

  return (
    <input
      className="input h-8 w-20 py-1 text-right tabular-nums"
      inputMode="numeric"
      value={value}
      disabled={busy}
      aria-label={t('catalog.categories.sortOf', { name: categoryName(category, locale) })}
      onChange={(e) => setValue(e.target.value)}
      onBlur={() => void commit()}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur();
      }}
    />
  );
}

export function Categories() {
  const { t, locale } = useAdminT();
  const data = useLoaderData<typeof categoriesLoader>();
  const [editing, setEditing] = useState<Editing | null>(null);
  const write = useAdminWrite();
  const [pending, setPending] = useState<number | null>(null);
  const seconds = Math.max(1, Math.ceil(data.cache_ttl_ms / 1000));

  async function setShown(category: AdminCategory, shown: boolean) {
    setPending(category.id);
    await write
      .call(adminEndpoints.catalogCategoryUpdate, { id: category.id, is_show: shown ? 1 : 0 })
      .catch(() => undefined);
    setPending(null);
  }

  async function remove(category: AdminCategory) {
    if (!confirmed(t('catalog.categories.removeConfirm', { name: categoryName(category, locale) }))) return;
    const done = await write
      .call(adminEndpoints.catalogCategoryRemove, { id: category.id })
      .then(() => true)
      .catch(() => false);
    if (done) message.success(t('catalog.categories.removed'));
  }

  const rows = flattenTree(data.list);
  return (
    <AdminPage
      title={t('catalog.categories.title')}
      intro={
        <>
          {t('catalog.categories.intro')} {t('common.cacheNote', { seconds })}
        </>
      }
      actions={
        <button
          type="button"
          className="btn-primary"
          onClick={() => setEditing({ category: null, parentId: null })}
        >
          {t('catalog.categories.new')}
        </button>
      }
    >
      <div className="card overflow-hidden">
        <div className="overflow-x-auto">
          <table className="w-full min-w-[680px] text-left text-sm" data-testid="categories-table">
            <caption className="sr-only">{t('catalog.categories.treeLabel')}</caption>
            <thead className="border-b border-stone-200 bg-stone-50 text-xs font-medium text-stone-600">
              <tr>
                <th scope="col" className="px-3 py-2.5">
                  {t('catalog.categories.name')}
                </th>
                <th scope="col" className="px-3 py-2.5 text-right">
                  {t('catalog.categories.goods')}
                </th>
                <th scope="col" className="px-3 py-2.5 text-right">
                  {t('catalog.categories.sort')}
                </th>
                <th scope="col" className="px-3 py-2.5">
                  {t('catalog.categories.shown')}
                </th>
                <th scope="col" className="px-3 py-2.5">
                  {t('common.actions')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={5} className="px-3 py-12 text-center text-stone-500">
                    {t('catalog.categories.empty')}
                  </td>
                </tr>
              ) : (
                rows.map(({ category: c, depth }) => (
                  <tr key={c.id} className={`hover:bg-stone-50/60 ${c.is_show ? '' : 'bg-stone-50/80'}`}>
                    <td className="px-3 py-2">
                      <div className="flex items-center gap-2" style={{ paddingLeft: `${depth * 1.75}rem` }}>
                        {depth ? (
                          <span aria-hidden="true" className="text-stone-400">
                            └
                          </span>
                        ) : null}
                        {c.icon ? (
                          <img src={c.icon} alt="" className="size-6 shrink-0 rounded object-contain" />
                        ) : (
                          <span aria-hidden="true" className="size-6 shrink-0 rounded bg-stone-100" />
                        )}
                        <div className="min-w-0">
                          <p
                            className={`truncate font-medium ${c.is_show ? 'text-stone-900' : 'text-stone-500'}`}
                          >
                            {categoryName(c, locale)}
                            {c.is_show ? null : (
                              <span className="ml-2 rounded bg-stone-200 px-1.5 py-0.5 text-xs font-normal text-stone-600">
                                {t('catalog.categories.hiddenBadge')}
                              </span>
                            )}
                          </p>
                          <p
                            className="truncate text-xs text-stone-500"
                            lang={locale === 'en' ? 'zh-CN' : 'en'}
                          >
                            {locale === 'en' ? c.name_zh : c.name_en}
                          </p>
                        </div>
                      </div>
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {c.goods_count ? (
                        <Link
                          to={`/admin/goods?category_id=${c.id}`}
                          className="text-brand-700 hover:underline"
                        >
                          {c.goods_count}
                        </Link>
                      ) : (
                        <span className="text-stone-400">0</span>
                      )}
                    </td>
                    <td className="px-3 py-2 text-right">
                      <SortInput key={`${c.id}:${c.sort}`} category={c} />
                    </td>
                    <td className="px-3 py-2">
                      <Toggle
                        label={t('catalog.categories.shownOf', { name: categoryName(c, locale) })}
                        showLabel={false}
                        checked={c.is_show === 1}
                        disabled={pending === c.id}
                        onChange={(shown) => void setShown(c, shown)}
                      />
                    </td>
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap gap-1">
                        <button
                          type="button"
                          className="btn-ghost px-2 py-1"
                          onClick={() => setEditing({ category: c, parentId: c.parent_id })}
                        >
                          {t('common.edit')}
                        </button>
                        {depth === 0 ? (
                          <button
                            type="button"
                            className="btn-ghost px-2 py-1"
                            onClick={() => setEditing({ category: null, parentId: c.id })}
                          >
                            {t('catalog.categories.newChild')}
                          </button>
                        ) : null}
                        <button
                          type="button"
                          className="btn-ghost px-2 py-1 text-red-700 hover:bg-red-50"
                          onClick={() => void remove(c)}
                        >
                          {t('common.remove')}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </div>
      <AuditTrail objectType="category" />
      {editing ? (
        <CategoryDialog
          category={editing.category}
          parentId={editing.parentId}
          tree={data.list}
          onClose={() => setEditing(null)}
          onSaved={(created) => {
            setEditing(null);
            message.success(t(created ? 'catalog.categories.created' : 'catalog.categories.updated'));
          }}
        />
      ) : null}
    </AdminPage>
  );
}

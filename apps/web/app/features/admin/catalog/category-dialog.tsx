import { useState } from 'react';
import { CATALOG_LIMITS as L, PICTURE_PATTERN } from '@shop/contract/admin/catalog.endpoints';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { useAdminWrite } from '../kit/actions';
import { SelectField, TextField, Toggle } from '../kit/form';
import { FormDialog, useSubmit } from '../kit/form-dialog';
import { ImageUpload } from '../kit/image-upload';
import { useAdminT } from '../kit/use-admin-t';
import { type AdminCategory, categoryName } from './categories';

type Draft = {
  name_zh: string;
  name_en: string;
  parent_id: string;
  icon: string;
  sort: string;
  is_show: boolean;
};

/**
 * Creates a category (top-level, or under `parentId`) or edits `category`: both names, its place
 * (a top-level parent only: the tree is two levels deep), icon, sort position and visibility.
 */
export function CategoryDialog({
  category,
  parentId,
  tree,
  onClose,
  onSaved,
}: {
  category: AdminCategory | null;
  parentId: number | null;
  tree: AdminCategory[];
  onClose: () => void;
  onSaved: (created: boolean) => void;
}) {
  const { t, locale } = useAdminT();
  const write = useAdminWrite();
  const [draft, setDraft] = useState<Draft>(
    category
      ? {
          name_zh: category.name_zh,
          name_en: category.name_en,
          parent_id: category.parent_id === null ? '' : String(category.parent_id),
          icon: category.icon,
          sort: String(category.sort),
          is_show: category.is_show === 1,
        }
      : {
          name_zh: '',
          name_en: '',
          parent_id: parentId ? String(parentId) : '',
          icon: '',
          sort: '0',
          is_show: true,
        },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const hasChildren = (category?.children.length ?? 0) > 0;
  const parents = tree.filter((c) => c.id !== category?.id);

  function check(): Record<string, string> {
    const found: Record<string, string> = {};
    for (const lang of ['zh', 'en'] as const) {
      const field = lang === 'zh' ? t('catalog.categories.nameZh') : t('catalog.categories.nameEn');
      const value = draft[`name_${lang}`].trim();
      if (!value) found[`name_${lang}`] = t('common.required', { field });
      else if (value.length > L.name)
        found[`name_${lang}`] = t('catalog.form.tooLong', { field, max: L.name });
    }
    if (!PICTURE_PATTERN.test(draft.icon) || draft.icon.length > L.picture)
      found.icon = t('catalog.form.picture', { field: t('catalog.categories.icon') });
    const sort = Number(draft.sort);
    if (!/^\d{1,7}$/.test(draft.sort.trim()) || sort > L.sort)
      found.sort = t('catalog.form.whole', { field: t('catalog.categories.sort'), min: 0, max: L.sort });
    return found;
  }

  const { busy, error, submit } = useSubmit(async () => {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return;
    const fields = {
      name_zh: draft.name_zh.trim(),
      name_en: draft.name_en.trim(),
      parent_id: draft.parent_id ? Number(draft.parent_id) : null,
      icon: draft.icon,
      sort: Number(draft.sort),
      is_show: draft.is_show ? (1 as const) : (0 as const),
    };
    if (category) await write.quiet(adminEndpoints.catalogCategoryUpdate, { id: category.id, ...fields });
    else await write.quiet(adminEndpoints.catalogCategoryCreate, fields);
    onSaved(!category);
  });

  return (
    <FormDialog
      title={category ? t('catalog.categories.editTitle') : t('catalog.categories.new')}
      formTestId="category-form"
      busy={busy}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('catalog.categories.nameZh')}
          lang="zh-CN"
          value={draft.name_zh}
          maxLength={L.name}
          error={errors.name_zh}
          onChange={(e) => setDraft({ ...draft, name_zh: e.target.value })}
        />
        <TextField
          label={t('catalog.categories.nameEn')}
          lang="en"
          value={draft.name_en}
          maxLength={L.name}
          error={errors.name_en}
          onChange={(e) => setDraft({ ...draft, name_en: e.target.value })}
        />
      </div>
      <SelectField
        label={t('catalog.categories.parent')}
        value={draft.parent_id}
        disabled={hasChildren}
        hint={hasChildren ? t('catalog.categories.parentLocked') : undefined}
        onChange={(e) => setDraft({ ...draft, parent_id: e.target.value })}
      >
        <option value="">{t('catalog.categories.noParent')}</option>
        {parents.map((c) => (
          <option key={c.id} value={c.id}>
            {categoryName(c, locale)}
          </option>
        ))}
      </SelectField>
      <ImageUpload
        label={t('catalog.categories.icon')}
        value={draft.icon}
        error={errors.icon}
        onChange={(icon) => setDraft({ ...draft, icon })}
      />
      <p className="-mt-1 text-xs text-stone-500">{t('catalog.categories.iconHint')}</p>
      <TextField
        label={t('catalog.categories.sort')}
        inputMode="numeric"
        value={draft.sort}
        hint={t('catalog.categories.sortHint')}
        error={errors.sort}
        className="max-w-40"
        onChange={(e) => setDraft({ ...draft, sort: e.target.value })}
      />
      <Toggle
        label={t('catalog.categories.shown')}
        checked={draft.is_show}
        onChange={(is_show) => setDraft({ ...draft, is_show })}
      />
    </FormDialog>
  );
}

import { viewerZone } from '../kit/time';
import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { AdminMemberLevel } from '@shop/contract/admin/promotions.schemas';
import { message } from '../../../lib/toast';
import { adminQuiet } from '../kit/admin-api';
import { adminLoader } from '../kit/admin-loader';
import { adminActions, useAdminWrite } from '../kit/actions';
import { confirmed } from '../kit/confirm';
import { MoneyCell, TimeCell, TwoNames } from '../kit/cells';
import type { Column } from '../kit/data-table';
import { TextField } from '../kit/form';
import { FormDialog, useSubmit } from '../kit/form-dialog';
import { ListPage } from '../kit/list-page';
import { type AdminT, useAdminT } from '../kit/use-admin-t';

// Member levels (issue 31, decision 070): a buyer holds the highest level whose lifetime spend
// they reached, and is never moved down. Each level has a name in both languages, its threshold
// and a percent off every unit; its prices on chosen options are set in the product editor.

export const memberLevelsLoader = adminLoader(() => adminQuiet.call(adminEndpoints.memberLevelList));
export const memberLevelsActions = adminActions([
  adminEndpoints.memberLevelCreate,
  adminEndpoints.memberLevelUpdate,
  adminEndpoints.memberLevelDelete,
]);

type Draft = { name_zh: string; name_en: string; threshold_cny: string; discount_percent: string };

export function levelErrors(d: Draft, t: AdminT): Partial<Record<keyof Draft, string>> {
  const e: Partial<Record<keyof Draft, string>> = {};
  if (!d.name_zh.trim()) e.name_zh = t('common.required', { field: t('promotions.levels.field.nameZh') });
  if (!d.name_en.trim()) e.name_en = t('common.required', { field: t('promotions.levels.field.nameEn') });
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(d.threshold_cny.trim()))
    e.threshold_cny = t('promotions.levels.check.threshold');
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(d.discount_percent.trim()))
    e.discount_percent = t('promotions.levels.check.discount');
  return e;
}

function LevelDialog({ level, onClose }: { level: AdminMemberLevel | null; onClose: () => void }) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const [draft, setDraft] = useState<Draft>(() => ({
    name_zh: level?.name_zh ?? '',
    name_en: level?.name_en ?? '',
    threshold_cny: level?.threshold_cny ?? '',
    discount_percent: level?.discount_percent ?? '0',
  }));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const { busy, error, submit } = useSubmit(async () => {
    const found = levelErrors(draft, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = {
      name_zh: draft.name_zh.trim(),
      name_en: draft.name_en.trim(),
      threshold_cny: draft.threshold_cny.trim(),
      discount_percent: draft.discount_percent.trim(),
    };
    if (level) await write.quiet(adminEndpoints.memberLevelUpdate, { id: level.id, ...body });
    else await write.quiet(adminEndpoints.memberLevelCreate, body);
    message.success(t('promotions.levels.saved'));
    onClose();
  });
  const field = (key: keyof Draft) => ({
    value: draft[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  });
  return (
    <FormDialog
      title={level ? t('promotions.levels.edit') : t('promotions.levels.new')}
      testId="level-dialog"
      busy={busy}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('promotions.levels.field.nameZh')}
          maxLength={100}
          lang="zh-CN"
          {...field('name_zh')}
        />
        <TextField
          label={t('promotions.levels.field.nameEn')}
          maxLength={100}
          lang="en"
          {...field('name_en')}
        />
        <TextField
          label={t('promotions.levels.field.threshold')}
          inputMode="decimal"
          {...field('threshold_cny')}
        />
        <TextField
          label={t('promotions.levels.field.discount')}
          hint={t('promotions.levels.field.discountHint')}
          inputMode="decimal"
          {...field('discount_percent')}
        />
      </div>
    </FormDialog>
  );
}

export function MemberLevels() {
  const { t } = useAdminT();
  const levels = useLoaderData<typeof memberLevelsLoader>();
  const write = useAdminWrite();
  const [editing, setEditing] = useState<AdminMemberLevel | 'new' | null>(null);

  async function remove(level: AdminMemberLevel) {
    if (!confirmed(t('promotions.levels.removeConfirm', { name: level.name_zh }))) return;
    try {
      await write.call(adminEndpoints.memberLevelDelete, { id: level.id });
      message.success(t('promotions.levels.removed'));
    } catch {
      // the shared client showed why
    }
  }

  const columns: Column<AdminMemberLevel>[] = [
    {
      key: 'name',
      header: t('promotions.levels.col.name'),
      cell: (l) => <TwoNames zh={l.name_zh} en={l.name_en} />,
    },
    {
      key: 'threshold',
      header: t('promotions.levels.col.threshold'),
      align: 'right',
      cell: (l) => <MoneyCell decimal={l.threshold_cny} />,
    },
    {
      key: 'discount',
      header: t('promotions.levels.col.discount'),
      cell: (l) =>
        l.discount_percent === '0'
          ? t('promotions.levels.noDiscount')
          : t('promotions.levels.discountValue', { percent: l.discount_percent }),
    },
    { key: 'members', header: t('promotions.levels.col.members'), align: 'right', cell: (l) => l.members },
    {
      key: 'updated',
      header: t('promotions.levels.col.updated'),
      cell: (l) => <TimeCell ms={l.updated_at} className="text-xs" />,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (l) => (
        <span className="flex gap-1 whitespace-nowrap">
          <button type="button" className="btn-ghost h-8 px-2 text-sm" onClick={() => setEditing(l)}>
            {t('common.edit')}
          </button>
          <button
            type="button"
            className="btn-ghost h-8 px-2 text-sm text-red-700"
            onClick={() => void remove(l)}
          >
            {t('common.remove')}
          </button>
        </span>
      ),
    },
  ];

  return (
    <ListPage
      title={t('promotions.levels.title')}
      intro={t('promotions.levels.intro')}
      actions={
        <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
          {t('promotions.levels.new')}
        </button>
      }
      columns={columns}
      rows={levels}
      total={levels.length}
      rowKey={(l) => l.id}
      testId="levels-table"
      footer={<p className="text-xs text-stone-600">{t('common.times', { zone: viewerZone() })}</p>}
      auditType="member_level"
    >
      {editing ? (
        <LevelDialog level={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </ListPage>
  );
}

import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { CONTENT_TEXT_MAX as MAX, MODULE_STYLES } from '@shop/contract/admin/content.limits';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { adminApi, adminQuiet } from '../../components/admin/admin-api';
import { AdminErrorBoundary } from '../../components/admin/admin-error';
import { adminLoader, queryOf } from '../../components/admin/admin-loader';
import { AdminPage } from '../../components/admin/admin-page';
import { AuditTrail } from '../../components/admin/audit-trail';
import { GoodsPicker } from '../../components/admin/content/goods-picker';
import {
  BilingualFields,
  CacheNote,
  confirmRemove,
  ListFilters,
  MoveButtons,
  ShowSwitch,
  TwoNames,
  useRefresh,
  useReorder,
  useSubmit,
  wholeError,
} from '../../components/admin/content/parts';
import { type Column, DataTable } from '../../components/admin/data-table';
import { FormError, SelectField, TextField, Toggle } from '../../components/admin/form';
import { adminMeta } from '../../components/admin/meta';
import { useAdminT } from '../../components/admin/use-admin-t';
import { Modal } from '../../components/ui/modal';
import { message } from '../../lib/toast';

export const meta = adminMeta('content.modules.title');

type Section = EndpointData<typeof adminEndpoints.moduleList>['list'][number];
type Style = (typeof MODULE_STYLES)[number];

export const clientLoader = adminLoader(({ request }) =>
  adminQuiet.call(adminEndpoints.moduleList, queryOf(request, ['keyword', 'is_show', 'position'])),
);

type Draft = {
  position: string;
  title: { zh: string; en: string };
  subtitle: { zh: string; en: string };
  style: Style;
  sort: string;
  is_show: boolean;
};

function SectionDialog({
  section,
  onClose,
  onSaved,
}: {
  section: Section | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useAdminT();
  const [draft, setDraft] = useState<Draft>(() =>
    section
      ? {
          position: section.position,
          title: { zh: section.title_zh, en: section.title_en },
          subtitle: { zh: section.subtitle_zh, en: section.subtitle_en },
          style: section.style,
          sort: String(section.sort),
          is_show: section.is_show === 1,
        }
      : {
          position: 'home',
          title: { zh: '', en: '' },
          subtitle: { zh: '', en: '' },
          style: 'grid',
          sort: '0',
          is_show: true,
        },
  );
  const [errors, setErrors] = useState<{
    title?: { zh?: string; en?: string };
    sort?: string;
    position?: string;
  }>({});
  const { busy, error, submit } = useSubmit(async () => {
    const label = t('content.modules.sectionTitle');
    const need = (v: string, lang: 'inZh' | 'inEn') =>
      v.trim() ? undefined : t('common.required', { field: t(`content.common.${lang}`, { field: label }) });
    const found = {
      title: { zh: need(draft.title.zh, 'inZh'), en: need(draft.title.en, 'inEn') },
      sort: wholeError(t, t('content.common.sort'), draft.sort, { min: 0, max: 1_000_000 }),
      position: /^[a-z0-9_-]+$/.test(draft.position)
        ? undefined
        : t('content.common.badPosition', { field: t('content.common.position') }),
    };
    setErrors(found);
    if (found.title.zh || found.title.en || found.sort || found.position) return;
    const body = {
      position: draft.position,
      title_zh: draft.title.zh,
      title_en: draft.title.en,
      subtitle_zh: draft.subtitle.zh,
      subtitle_en: draft.subtitle.en,
      style: draft.style,
      sort: Number(draft.sort),
      is_show: draft.is_show ? (1 as const) : (0 as const),
    };
    if (section) await adminQuiet.call(adminEndpoints.moduleUpdate, { id: section.id, ...body });
    else await adminQuiet.call(adminEndpoints.moduleCreate, body);
    onSaved();
  });

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={section ? t('content.modules.edit') : t('content.modules.new')}
      testId="module-dialog"
    >
      <form onSubmit={submit} noValidate className="space-y-3">
        <BilingualFields
          label={t('content.modules.sectionTitle')}
          name="title"
          value={draft.title}
          max={MAX.title}
          errors={errors.title ?? {}}
          onChange={(title) => setDraft({ ...draft, title })}
        />
        <BilingualFields
          label={t('content.common.subtitle')}
          name="subtitle"
          value={draft.subtitle}
          max={MAX.subtitle}
          onChange={(subtitle) => setDraft({ ...draft, subtitle })}
        />
        <SelectField
          label={t('content.modules.style')}
          value={draft.style}
          onChange={(e) => setDraft({ ...draft, style: e.target.value as Style })}
        >
          {MODULE_STYLES.map((s) => (
            <option key={s} value={s}>
              {t(`content.modules.styles.${s}`)}
            </option>
          ))}
        </SelectField>
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label={t('content.common.position')}
            hint={t('content.common.positionHint')}
            value={draft.position}
            maxLength={MAX.position}
            error={errors.position}
            onChange={(e) => setDraft({ ...draft, position: e.target.value.trim() })}
          />
          <TextField
            label={t('content.common.sort')}
            hint={t('content.common.sortHint')}
            inputMode="numeric"
            value={draft.sort}
            error={errors.sort}
            onChange={(e) => setDraft({ ...draft, sort: e.target.value })}
          />
        </div>
        <Toggle
          label={t('content.common.showToBuyers')}
          checked={draft.is_show}
          onChange={(is_show) => setDraft({ ...draft, is_show })}
        />
        <FormError message={error} />
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export default function Modules() {
  const { t, locale } = useAdminT();
  const page = useLoaderData<typeof clientLoader>();
  const { version, refresh } = useRefresh();
  const [editing, setEditing] = useState<Section | null | 'new'>(null);
  const [picking, setPicking] = useState<Section | null>(null);
  const reorder = useReorder(
    page.list,
    page.total,
    (ids) => adminApi.call(adminEndpoints.moduleReorder, { ids }),
    refresh,
  );
  const title = (m: Section) => (locale === 'en' ? m.title_en : m.title_zh);

  const columns: Column<Section>[] = [
    {
      key: 'order',
      header: t('content.common.order'),
      sort: 'sort',
      cell: (m) => (
        <span className="inline-flex items-center gap-1">
          <MoveButtons
            index={page.list.indexOf(m)}
            count={page.list.length}
            reorder={reorder}
            name={title(m)}
          />
          <span className="w-10 text-xs text-stone-400 tabular-nums">{m.sort}</span>
        </span>
      ),
    },
    {
      key: 'title',
      header: t('content.modules.sectionTitle'),
      className: 'max-w-64',
      cell: (m) => <TwoNames zh={m.title_zh} en={m.title_en} />,
    },
    { key: 'style', header: t('content.modules.style'), cell: (m) => t(`content.modules.styles.${m.style}`) },
    {
      key: 'goods',
      header: t('content.goods.title'),
      cell: (m) => (
        <button type="button" className="btn-outline h-8 px-2 text-xs" onClick={() => setPicking(m)}>
          {t('content.goods.count', { count: m.goods_count })}
        </button>
      ),
    },
    {
      key: 'position',
      header: t('content.common.position'),
      className: 'hidden lg:table-cell',
      cell: (m) => m.position,
    },
    {
      key: 'show',
      header: t('content.common.visibility'),
      cell: (m) => (
        <ShowSwitch
          label={title(m)}
          shown={m.is_show === 1}
          save={(is_show) =>
            adminApi
              .call(adminEndpoints.moduleUpdate, { id: m.id, is_show })
              .catch(() => undefined)
              .finally(refresh)
          }
        />
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (m) => (
        <div className="flex gap-1">
          <button type="button" className="btn-ghost px-2 py-1" onClick={() => setEditing(m)}>
            {t('common.edit')}
          </button>
          <button
            type="button"
            className="btn-ghost px-2 py-1 text-red-700"
            onClick={() =>
              void confirmRemove(
                t,
                title(m),
                () => adminApi.call(adminEndpoints.moduleDelete, { id: m.id }),
                refresh,
              )
            }
          >
            {t('common.remove')}
          </button>
        </div>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('content.modules.title')}
      intro={t('content.modules.intro')}
      actions={
        <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
          {t('content.modules.new')}
        </button>
      }
    >
      <CacheNote seconds={page.cache_ttl_seconds} />
      <ListFilters keywordLabel={t('content.modules.keyword')} />
      <DataTable
        columns={columns}
        rows={page.list}
        total={page.total}
        rowKey={(m) => m.id}
        caption={t('content.modules.title')}
        testId="modules-table"
      />
      <AuditTrail objectType="module" version={version} />
      {editing ? (
        <SectionDialog
          section={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            message.success(t('common.saved'));
            refresh();
          }}
        />
      ) : null}
      {picking ? (
        <GoodsPicker
          kind="module"
          id={picking.id}
          title={t('content.goods.of', { name: title(picking) })}
          onClose={() => setPicking(null)}
          onSaved={() => {
            setPicking(null);
            message.success(t('common.saved'));
            refresh();
          }}
        />
      ) : null}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;

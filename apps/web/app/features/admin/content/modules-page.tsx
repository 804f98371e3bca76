import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { CONTENT_TEXT_MAX as MAX, MODULE_STYLES } from '@shop/contract/admin/content.limits';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { adminApi, adminQuiet } from '../kit/admin-api';
import { adminLoader, queryOf } from '../kit/admin-loader';
import { ContentListPage, useContentList } from './content-list';
import { GoodsPicker } from './goods-picker';
import {
  anyError,
  BilingualFields,
  bothRequired,
  type Placement,
  PlacementFields,
  placementBody,
  placementOf,
  positionError,
  SORT_BOUNDS,
  TwoNames,
  wholeError,
} from '../kit/parts';
import type { Column } from '../kit/data-table';
import { SelectField } from '../kit/form';
import { FormDialog, useSubmit } from '../kit/form-dialog';
import { useAdminT } from '../kit/use-admin-t';

type Section = EndpointData<typeof adminEndpoints.moduleList>['list'][number];
type Style = (typeof MODULE_STYLES)[number];

export const modulesLoader = adminLoader(({ request }) =>
  adminQuiet.call(adminEndpoints.moduleList, queryOf(request, ['keyword', 'is_show', 'position'])),
);

type Draft = Placement & {
  position: string;
  title: { zh: string; en: string };
  subtitle: { zh: string; en: string };
  style: Style;
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
          ...placementOf(section),
        }
      : {
          position: 'home',
          title: { zh: '', en: '' },
          subtitle: { zh: '', en: '' },
          style: 'grid',
          ...placementOf(null),
        },
  );
  const [errors, setErrors] = useState<{
    title?: { zh?: string; en?: string };
    sort?: string;
    position?: string;
  }>({});
  const { busy, error, submit } = useSubmit(async () => {
    const found = {
      title: bothRequired(t, t('content.modules.sectionTitle'), draft.title),
      sort: wholeError(t, t('content.common.sort'), draft.sort, SORT_BOUNDS),
      position: positionError(t, draft.position),
    };
    setErrors(found);
    if (anyError(found)) return;
    const body = {
      position: draft.position,
      title_zh: draft.title.zh,
      title_en: draft.title.en,
      subtitle_zh: draft.subtitle.zh,
      subtitle_en: draft.subtitle.en,
      style: draft.style,
      ...placementBody(draft),
    };
    if (section) await adminQuiet.call(adminEndpoints.moduleUpdate, { id: section.id, ...body });
    else await adminQuiet.call(adminEndpoints.moduleCreate, body);
    onSaved();
  });

  return (
    <FormDialog
      title={section ? t('content.modules.edit') : t('content.modules.new')}
      testId="module-dialog"
      busy={busy}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
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
      <PlacementFields
        value={draft}
        errors={errors}
        onChange={setDraft}
        position={{ value: draft.position, onChange: (position) => setDraft({ ...draft, position }) }}
      />
    </FormDialog>
  );
}

export function Modules() {
  const { t, locale } = useAdminT();
  const page = useLoaderData<typeof modulesLoader>();
  const title = (m: Section) => (locale === 'en' ? m.title_en : m.title_zh);
  const list = useContentList({
    rows: page.list,
    total: page.total,
    name: title,
    update: (m, patch) => adminApi.call(adminEndpoints.moduleUpdate, { id: m.id, ...patch }),
    remove: (m) => adminApi.call(adminEndpoints.moduleDelete, { id: m.id }),
    reorder: (ids) => adminApi.call(adminEndpoints.moduleReorder, { ids }),
  });
  const [picking, setPicking] = useState<Section | null>(null);

  const columns: Column<Section>[] = [
    list.orderColumn,
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
    list.showColumn,
    list.actionsColumn(),
  ];

  return (
    <ContentListPage
      area="modules"
      auditType="module"
      page={page}
      columns={columns}
      version={list.version}
      onNew={() => list.setEditing('new')}
    >
      {list.editing ? (
        <SectionDialog
          section={list.editing === 'new' ? null : list.editing}
          onClose={() => list.setEditing(null)}
          onSaved={list.saved}
        />
      ) : null}
      {picking ? (
        <GoodsPicker
          kind="module"
          id={picking.id}
          title={t('content.goods.of', { name: title(picking) })}
          onClose={() => setPicking(null)}
          onSaved={list.savedBy(() => setPicking(null))}
        />
      ) : null}
    </ContentListPage>
  );
}

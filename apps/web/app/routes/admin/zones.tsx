import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { CONTENT_TEXT_MAX as MAX } from '@shop/contract/admin/content.limits';
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
  hrefError,
  ListFilters,
  MoveButtons,
  ShowSwitch,
  Thumb,
  TwoNames,
  useRefresh,
  useReorder,
  useSubmit,
  wholeError,
} from '../../components/admin/content/parts';
import { type Column, DataTable } from '../../components/admin/data-table';
import { FormError, TextField, Toggle } from '../../components/admin/form';
import { ImageUpload } from '../../components/admin/image-upload';
import { adminMeta } from '../../components/admin/meta';
import { useAdminT } from '../../components/admin/use-admin-t';
import { Modal } from '../../components/ui/modal';
import { message } from '../../lib/toast';

export const meta = adminMeta('content.zones.title');

type Zone = EndpointData<typeof adminEndpoints.zoneList>['list'][number];

export const clientLoader = adminLoader(({ request }) =>
  adminQuiet.call(adminEndpoints.zoneList, queryOf(request, ['keyword', 'is_show'])),
);

type Draft = {
  name: { zh: string; en: string };
  subtitle: { zh: string; en: string };
  banner: string;
  sort: string;
  is_show: boolean;
};

function ZoneDialog({
  zone,
  onClose,
  onSaved,
}: {
  zone: Zone | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useAdminT();
  const [draft, setDraft] = useState<Draft>(() =>
    zone
      ? {
          name: { zh: zone.name_zh, en: zone.name_en },
          subtitle: { zh: zone.subtitle_zh, en: zone.subtitle_en },
          banner: zone.banner,
          sort: String(zone.sort),
          is_show: zone.is_show === 1,
        }
      : { name: { zh: '', en: '' }, subtitle: { zh: '', en: '' }, banner: '', sort: '0', is_show: true },
  );
  const [errors, setErrors] = useState<{
    name?: { zh?: string; en?: string };
    banner?: string;
    sort?: string;
  }>({});
  const { busy, error, submit } = useSubmit(async () => {
    const label = t('content.zones.name');
    const need = (v: string, lang: 'inZh' | 'inEn') =>
      v.trim() ? undefined : t('common.required', { field: t(`content.common.${lang}`, { field: label }) });
    const found = {
      name: { zh: need(draft.name.zh, 'inZh'), en: need(draft.name.en, 'inEn') },
      banner: hrefError(t, t('content.zones.banner'), draft.banner, false),
      sort: wholeError(t, t('content.common.sort'), draft.sort, { min: 0, max: 1_000_000 }),
    };
    setErrors(found);
    if (found.name.zh || found.name.en || found.banner || found.sort) return;
    const body = {
      name_zh: draft.name.zh,
      name_en: draft.name.en,
      subtitle_zh: draft.subtitle.zh,
      subtitle_en: draft.subtitle.en,
      banner: draft.banner.trim(),
      sort: Number(draft.sort),
      is_show: draft.is_show ? (1 as const) : (0 as const),
    };
    if (zone) await adminQuiet.call(adminEndpoints.zoneUpdate, { id: zone.id, ...body });
    else await adminQuiet.call(adminEndpoints.zoneCreate, body);
    onSaved();
  });

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={zone ? t('content.zones.edit') : t('content.zones.new')}
      testId="zone-dialog"
    >
      <form onSubmit={submit} noValidate className="space-y-3">
        <BilingualFields
          label={t('content.zones.name')}
          name="name"
          value={draft.name}
          max={MAX.title}
          errors={errors.name ?? {}}
          onChange={(name) => setDraft({ ...draft, name })}
        />
        <BilingualFields
          label={t('content.common.subtitle')}
          name="subtitle"
          value={draft.subtitle}
          max={MAX.subtitle}
          onChange={(subtitle) => setDraft({ ...draft, subtitle })}
        />
        <ImageUpload
          label={t('content.zones.banner')}
          value={draft.banner}
          error={errors.banner}
          onChange={(banner) => setDraft({ ...draft, banner })}
        />
        <TextField
          label={t('content.common.sort')}
          hint={t('content.common.sortHint')}
          inputMode="numeric"
          value={draft.sort}
          error={errors.sort}
          onChange={(e) => setDraft({ ...draft, sort: e.target.value })}
        />
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

export default function Zones() {
  const { t, locale } = useAdminT();
  const page = useLoaderData<typeof clientLoader>();
  const { version, refresh } = useRefresh();
  const [editing, setEditing] = useState<Zone | null | 'new'>(null);
  const [picking, setPicking] = useState<Zone | null>(null);
  const reorder = useReorder(
    page.list,
    page.total,
    (ids) => adminApi.call(adminEndpoints.zoneReorder, { ids }),
    refresh,
  );
  const name = (z: Zone) => (locale === 'en' ? z.name_en : z.name_zh);

  const columns: Column<Zone>[] = [
    {
      key: 'order',
      header: t('content.common.order'),
      sort: 'sort',
      cell: (z) => (
        <span className="inline-flex items-center gap-1">
          <MoveButtons
            index={page.list.indexOf(z)}
            count={page.list.length}
            reorder={reorder}
            name={name(z)}
          />
          <span className="w-10 text-xs text-stone-400 tabular-nums">{z.sort}</span>
        </span>
      ),
    },
    { key: 'banner', header: t('content.zones.banner'), cell: (z) => <Thumb src={z.banner} wide /> },
    {
      key: 'name',
      header: t('content.zones.name'),
      className: 'max-w-56',
      cell: (z) => (
        <div className="flex items-center gap-2">
          <TwoNames zh={z.name_zh} en={z.name_en} />
          <Link
            to={`/zone/${z.id}`}
            target="_blank"
            rel="noreferrer"
            className="text-xs text-brand-700 hover:underline"
          >
            {t('content.common.view')}
          </Link>
        </div>
      ),
    },
    {
      key: 'goods',
      header: t('content.goods.title'),
      cell: (z) => (
        <button type="button" className="btn-outline h-8 px-2 text-xs" onClick={() => setPicking(z)}>
          {t('content.goods.count', { count: z.goods_count })}
        </button>
      ),
    },
    {
      key: 'show',
      header: t('content.common.visibility'),
      cell: (z) => (
        <ShowSwitch
          label={name(z)}
          shown={z.is_show === 1}
          save={(is_show) =>
            adminApi
              .call(adminEndpoints.zoneUpdate, { id: z.id, is_show })
              .catch(() => undefined)
              .finally(refresh)
          }
        />
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (z) => (
        <div className="flex gap-1">
          <button type="button" className="btn-ghost px-2 py-1" onClick={() => setEditing(z)}>
            {t('common.edit')}
          </button>
          <button
            type="button"
            className="btn-ghost px-2 py-1 text-red-700"
            onClick={() =>
              void confirmRemove(
                t,
                name(z),
                () => adminApi.call(adminEndpoints.zoneDelete, { id: z.id }),
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
      title={t('content.zones.title')}
      intro={t('content.zones.intro')}
      actions={
        <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
          {t('content.zones.new')}
        </button>
      }
    >
      <CacheNote seconds={page.cache_ttl_seconds} />
      <ListFilters keywordLabel={t('content.zones.keyword')} />
      <DataTable
        columns={columns}
        rows={page.list}
        total={page.total}
        rowKey={(z) => z.id}
        caption={t('content.zones.title')}
        testId="zones-table"
      />
      <AuditTrail objectType="zone" version={version} />
      {editing ? (
        <ZoneDialog
          zone={editing === 'new' ? null : editing}
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
          kind="zone"
          id={picking.id}
          title={t('content.goods.of', { name: name(picking) })}
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

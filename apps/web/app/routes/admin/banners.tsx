import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { CONTENT_TEXT_MAX as MAX } from '@shop/contract/admin/content.limits';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { adminApi, adminQuiet } from '../../components/admin/admin-api';
import { AdminErrorBoundary } from '../../components/admin/admin-error';
import { adminLoader, queryOf } from '../../components/admin/admin-loader';
import { AdminPage } from '../../components/admin/admin-page';
import { AuditTrail } from '../../components/admin/audit-trail';
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

export const meta = adminMeta('content.banners.title');

type Banner = EndpointData<typeof adminEndpoints.bannerList>['list'][number];

export const clientLoader = adminLoader(({ request }) =>
  adminQuiet.call(adminEndpoints.bannerList, queryOf(request, ['keyword', 'is_show', 'position'])),
);

const SORT_MAX = { min: 0, max: 1_000_000 };

type Draft = {
  position: string;
  title: { zh: string; en: string };
  subtitle: { zh: string; en: string };
  image: string;
  link: string;
  sort: string;
  is_show: boolean;
};

const draftOf = (b: Banner | null): Draft =>
  b
    ? {
        position: b.position,
        title: { zh: b.title_zh, en: b.title_en },
        subtitle: { zh: b.subtitle_zh, en: b.subtitle_en },
        image: b.image,
        link: b.link,
        sort: String(b.sort),
        is_show: b.is_show === 1,
      }
    : {
        position: 'home',
        title: { zh: '', en: '' },
        subtitle: { zh: '', en: '' },
        image: '',
        link: '',
        sort: '0',
        is_show: true,
      };

function BannerDialog({
  banner,
  onClose,
  onSaved,
}: {
  banner: Banner | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useAdminT();
  const [draft, setDraft] = useState<Draft>(() => draftOf(banner));
  const [errors, setErrors] = useState<Partial<Record<'image' | 'link' | 'sort' | 'position', string>>>({});
  const { busy, error, submit } = useSubmit(async () => {
    const found = {
      image: draft.image.trim()
        ? hrefError(t, t('content.banners.image'), draft.image, true)
        : t('content.banners.needImage'),
      link: hrefError(t, t('content.banners.link'), draft.link, false),
      sort: wholeError(t, t('content.common.sort'), draft.sort, SORT_MAX),
      position: /^[a-z0-9_-]+$/.test(draft.position)
        ? undefined
        : t('content.common.badPosition', { field: t('content.common.position') }),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const body = {
      position: draft.position,
      title_zh: draft.title.zh,
      title_en: draft.title.en,
      subtitle_zh: draft.subtitle.zh,
      subtitle_en: draft.subtitle.en,
      image: draft.image.trim(),
      link: draft.link.trim(),
      sort: Number(draft.sort),
      is_show: draft.is_show ? (1 as const) : (0 as const),
    };
    if (banner) await adminQuiet.call(adminEndpoints.bannerUpdate, { id: banner.id, ...body });
    else await adminQuiet.call(adminEndpoints.bannerCreate, body);
    onSaved();
  });

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={banner ? t('content.banners.edit') : t('content.banners.new')}
      testId="banner-dialog"
    >
      <form onSubmit={submit} noValidate className="space-y-3">
        <ImageUpload
          label={t('content.banners.image')}
          value={draft.image}
          error={errors.image}
          onChange={(image) => setDraft({ ...draft, image })}
        />
        <BilingualFields
          label={t('content.banners.bannerTitle')}
          name="title"
          value={draft.title}
          max={MAX.title}
          onChange={(title) => setDraft({ ...draft, title })}
        />
        <BilingualFields
          label={t('content.common.subtitle')}
          name="subtitle"
          value={draft.subtitle}
          max={MAX.subtitle}
          onChange={(subtitle) => setDraft({ ...draft, subtitle })}
        />
        <TextField
          label={t('content.banners.link')}
          hint={t('content.common.hrefHint')}
          value={draft.link}
          maxLength={MAX.link}
          error={errors.link}
          onChange={(e) => setDraft({ ...draft, link: e.target.value })}
        />
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

export default function Banners() {
  const { t, locale } = useAdminT();
  const page = useLoaderData<typeof clientLoader>();
  const { version, refresh } = useRefresh();
  const [editing, setEditing] = useState<Banner | null | 'new'>(null);
  const reorder = useReorder(
    page.list,
    page.total,
    (ids) => adminApi.call(adminEndpoints.bannerReorder, { ids }),
    refresh,
  );
  const title = (b: Banner) => (locale === 'en' ? b.title_en : b.title_zh) || b.image;

  const columns: Column<Banner>[] = [
    {
      key: 'order',
      header: t('content.common.order'),
      sort: 'sort',
      cell: (b) => (
        <span className="inline-flex items-center gap-1">
          <MoveButtons
            index={page.list.indexOf(b)}
            count={page.list.length}
            reorder={reorder}
            name={title(b)}
          />
          <span className="w-10 text-xs text-stone-400 tabular-nums">{b.sort}</span>
        </span>
      ),
    },
    { key: 'image', header: t('content.banners.image'), cell: (b) => <Thumb src={b.image} wide /> },
    {
      key: 'title',
      header: t('content.banners.bannerTitle'),
      className: 'max-w-56',
      cell: (b) => <TwoNames zh={b.title_zh} en={b.title_en} />,
    },
    {
      key: 'link',
      header: t('content.banners.link'),
      className: 'max-w-48',
      cell: (b) => <span className="block truncate font-mono text-xs">{b.link || '—'}</span>,
    },
    {
      key: 'position',
      header: t('content.common.position'),
      className: 'hidden lg:table-cell',
      cell: (b) => b.position,
    },
    {
      key: 'show',
      header: t('content.common.visibility'),
      cell: (b) => (
        <ShowSwitch
          label={title(b)}
          shown={b.is_show === 1}
          save={(is_show) =>
            adminApi
              .call(adminEndpoints.bannerUpdate, { id: b.id, is_show })
              .catch(() => undefined)
              .finally(refresh)
          }
        />
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (b) => (
        <div className="flex gap-1">
          <button type="button" className="btn-ghost px-2 py-1" onClick={() => setEditing(b)}>
            {t('common.edit')}
          </button>
          <button
            type="button"
            className="btn-ghost px-2 py-1 text-red-700"
            onClick={() =>
              void confirmRemove(
                t,
                title(b),
                () => adminApi.call(adminEndpoints.bannerDelete, { id: b.id }),
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
      title={t('content.banners.title')}
      intro={t('content.banners.intro')}
      actions={
        <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
          {t('content.banners.new')}
        </button>
      }
    >
      <CacheNote seconds={page.cache_ttl_seconds} />
      <ListFilters keywordLabel={t('content.banners.keyword')} />
      <DataTable
        columns={columns}
        rows={page.list}
        total={page.total}
        rowKey={(b) => b.id}
        caption={t('content.banners.title')}
        testId="banners-table"
      />
      <AuditTrail objectType="banner" version={version} />
      {editing ? (
        <BannerDialog
          banner={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            message.success(t('common.saved'));
            refresh();
          }}
        />
      ) : null}
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;

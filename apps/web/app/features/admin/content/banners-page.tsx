import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { CONTENT_TEXT_MAX as MAX } from '@shop/contract/admin/content.limits';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { adminApi, adminQuiet } from '../kit/admin-api';
import { adminLoader, queryOf } from '../kit/admin-loader';
import { ContentListPage, useContentList } from './content-list';
import {
  anyError,
  BilingualFields,
  hrefError,
  type Placement,
  PlacementFields,
  placementBody,
  placementOf,
  positionError,
  SORT_BOUNDS,
  Thumb,
  TwoNames,
  wholeError,
} from '../kit/parts';
import type { Column } from '../kit/data-table';
import { TextField } from '../kit/form';
import { FormDialog, useSubmit } from '../kit/form-dialog';
import { ImageUpload } from '../kit/image-upload';
import { useAdminT } from '../kit/use-admin-t';

type Banner = EndpointData<typeof adminEndpoints.bannerList>['list'][number];

export const bannersLoader = adminLoader(({ request }) =>
  adminQuiet.call(adminEndpoints.bannerList, queryOf(request, ['keyword', 'is_show', 'position'])),
);

type Draft = Placement & {
  position: string;
  title: { zh: string; en: string };
  subtitle: { zh: string; en: string };
  image: string;
  link: string;
};

const draftOf = (b: Banner | null): Draft =>
  b
    ? {
        position: b.position,
        title: { zh: b.title_zh, en: b.title_en },
        subtitle: { zh: b.subtitle_zh, en: b.subtitle_en },
        image: b.image,
        link: b.link,
        ...placementOf(b),
      }
    : {
        position: 'home',
        title: { zh: '', en: '' },
        subtitle: { zh: '', en: '' },
        image: '',
        link: '',
        ...placementOf(null),
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
      image: draft.image.trim(),
      link: draft.link.trim(),
      ...placementBody(draft),
    };
    if (banner) await adminQuiet.call(adminEndpoints.bannerUpdate, { id: banner.id, ...body });
    else await adminQuiet.call(adminEndpoints.bannerCreate, body);
    onSaved();
  });

  return (
    <FormDialog
      title={banner ? t('content.banners.edit') : t('content.banners.new')}
      testId="banner-dialog"
      busy={busy}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
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
      <PlacementFields
        value={draft}
        errors={errors}
        onChange={setDraft}
        position={{ value: draft.position, onChange: (position) => setDraft({ ...draft, position }) }}
      />
    </FormDialog>
  );
}

export function Banners() {
  const { t, locale } = useAdminT();
  const page = useLoaderData<typeof bannersLoader>();
  const title = (b: Banner) => (locale === 'en' ? b.title_en : b.title_zh) || b.image;
  const list = useContentList({
    rows: page.list,
    total: page.total,
    name: title,
    update: (b, patch) => adminApi.call(adminEndpoints.bannerUpdate, { id: b.id, ...patch }),
    remove: (b) => adminApi.call(adminEndpoints.bannerDelete, { id: b.id }),
    reorder: (ids) => adminApi.call(adminEndpoints.bannerReorder, { ids }),
  });

  const columns: Column<Banner>[] = [
    list.orderColumn,
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
    list.showColumn,
    list.actionsColumn(),
  ];

  return (
    <ContentListPage
      area="banners"
      auditType="banner"
      page={page}
      columns={columns}
      version={list.version}
      onNew={() => list.setEditing('new')}
    >
      {list.editing ? (
        <BannerDialog
          banner={list.editing === 'new' ? null : list.editing}
          onClose={() => list.setEditing(null)}
          onSaved={list.saved}
        />
      ) : null}
    </ContentListPage>
  );
}

import { Link, useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { ARTICLE_TYPES } from '@shop/contract/admin/content.limits';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { adminApi, adminQuiet } from '../../components/admin/admin-api';
import { AdminErrorBoundary } from '../../components/admin/admin-error';
import { adminLoader, queryOf } from '../../components/admin/admin-loader';
import { AdminPage } from '../../components/admin/admin-page';
import { AuditTrail } from '../../components/admin/audit-trail';
import {
  CacheNote,
  confirmRemove,
  ListFilters,
  ShowSwitch,
  TwoNames,
  useRefresh,
} from '../../components/admin/content/parts';
import { type Column, DataTable } from '../../components/admin/data-table';
import { adminMeta } from '../../components/admin/meta';
import { formatTime, viewerZone } from '../../components/admin/time';
import { useAdminT } from '../../components/admin/use-admin-t';
import { useListParams } from '../../components/admin/use-list-params';

export const meta = adminMeta('content.articles.title');

type ArticleRow = EndpointData<typeof adminEndpoints.articleList>['list'][number];

export const clientLoader = adminLoader(({ request }) =>
  adminQuiet.call(adminEndpoints.articleList, queryOf(request, ['keyword', 'is_show', 'type'])),
);

export default function Articles() {
  const { t, locale } = useAdminT();
  const page = useLoaderData<typeof clientLoader>();
  const list = useListParams();
  const { version, refresh } = useRefresh();
  const title = (a: ArticleRow) => (locale === 'en' ? a.title_en : a.title_zh);

  const columns: Column<ArticleRow>[] = [
    { key: 'id', header: 'ID', sort: 'id', cell: (a) => <span className="tabular-nums">{a.id}</span> },
    {
      key: 'title',
      header: t('content.articles.articleTitle'),
      className: 'max-w-72',
      cell: (a) => (
        <Link to={`/admin/articles/${a.id}`} className="block hover:underline">
          <TwoNames zh={a.title_zh} en={a.title_en} />
        </Link>
      ),
    },
    { key: 'type', header: t('content.articles.type'), cell: (a) => t(`content.articles.types.${a.type}`) },
    {
      key: 'sort',
      header: t('content.common.sort'),
      sort: 'sort',
      align: 'right',
      className: 'hidden lg:table-cell',
      cell: (a) => a.sort,
    },
    {
      key: 'updated',
      header: t('content.articles.updated'),
      sort: 'updated_at',
      cell: (a) => (
        <time
          dateTime={new Date(a.updated_at).toISOString()}
          title={viewerZone()}
          className="whitespace-nowrap tabular-nums"
        >
          {formatTime(a.updated_at, locale)}
        </time>
      ),
    },
    {
      key: 'show',
      header: t('content.common.visibility'),
      cell: (a) => (
        <ShowSwitch
          label={title(a)}
          shown={a.is_show === 1}
          save={(is_show) =>
            adminApi
              .call(adminEndpoints.articleUpdate, { id: a.id, is_show })
              .catch(() => undefined)
              .finally(refresh)
          }
        />
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (a) => (
        <div className="flex gap-1">
          <Link to={`/admin/articles/${a.id}`} className="btn-ghost px-2 py-1">
            {t('common.edit')}
          </Link>
          <button
            type="button"
            className="btn-ghost px-2 py-1 text-red-700"
            onClick={() =>
              void confirmRemove(
                t,
                title(a),
                () => adminApi.call(adminEndpoints.articleDelete, { id: a.id }),
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
      title={t('content.articles.title')}
      intro={t('content.articles.intro')}
      actions={
        <Link to="/admin/articles/new" className="btn-primary">
          {t('content.articles.new')}
        </Link>
      }
    >
      <CacheNote seconds={page.cache_ttl_seconds} />
      <ListFilters keywordLabel={t('content.articles.keyword')}>
        <select
          name="type"
          defaultValue={list.get('type')}
          aria-label={t('content.articles.type')}
          className="input h-10 w-auto"
        >
          <option value="">{t('content.articles.anyType')}</option>
          {ARTICLE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`content.articles.types.${type}`)}
            </option>
          ))}
        </select>
      </ListFilters>
      <DataTable
        columns={columns}
        rows={page.list}
        total={page.total}
        rowKey={(a) => a.id}
        caption={t('content.articles.title')}
        testId="articles-table"
      />
      <p className="text-xs text-stone-500">{t('common.times', { zone: viewerZone() })}</p>
      <AuditTrail objectType="article" version={version} />
    </AdminPage>
  );
}

export const ErrorBoundary = AdminErrorBoundary;

import { Link, useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { ARTICLE_TYPES } from '@shop/contract/admin/content.limits';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { adminQuiet } from '../kit/admin-api';
import { adminActions } from '../kit/actions';
import { TwoNames } from '../kit/cells';
import { adminLoader, queryOf } from '../kit/admin-loader';
import { ContentListPage, useContentList } from './content-list';
import type { Column } from '../kit/data-table';
import { formatTime, viewerZone } from '../kit/time';
import { useAdminT } from '../kit/use-admin-t';
import { useListParams } from '../kit/use-list-params';

type ArticleRow = EndpointData<typeof adminEndpoints.articleList>['list'][number];

/** The writes of the articles page (its route's clientAction). */
export const articlesActions = adminActions([adminEndpoints.articleUpdate, adminEndpoints.articleDelete]);

export const articlesLoader = adminLoader(({ request }) =>
  adminQuiet.call(adminEndpoints.articleList, queryOf(request, ['keyword', 'is_show', 'type'])),
);

export function Articles() {
  const { t, locale } = useAdminT();
  const page = useLoaderData<typeof articlesLoader>();
  const params = useListParams();
  const list = useContentList({
    rows: page.list,
    total: page.total,
    name: (a) => (locale === 'en' ? a.title_en : a.title_zh),
    update: adminEndpoints.articleUpdate,
    remove: adminEndpoints.articleDelete,
  });

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
    list.showColumn,
    list.actionsColumn((a) => (
      <Link to={`/admin/articles/${a.id}`} className="btn-ghost px-2 py-1">
        {t('common.edit')}
      </Link>
    )),
  ];

  return (
    <ContentListPage
      area="articles"
      auditType="article"
      page={page}
      columns={columns}
      newAction={
        <Link to="/admin/articles/new" className="btn-primary">
          {t('content.articles.new')}
        </Link>
      }
      filters={
        <select
          name="type"
          defaultValue={params.get('type')}
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
      }
      footer={<p className="text-xs text-stone-600">{t('common.times', { zone: viewerZone() })}</p>}
    />
  );
}

import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { formatDecimalMoney } from '@shop/domain/money';
import { BATCH_LIMIT } from '@shop/contract/admin/batch.endpoints';
import type { BatchResult } from '@shop/contract/admin/batch.schemas';
import { adminQuiet } from '../kit/admin-api';
import { adminActions, useAdminWrite } from '../kit/actions';
import { adminLoader, queryOf } from '../kit/admin-loader';
import { AdminPage } from '../kit/admin-page';
import { FilterBar, FilterInput, FilterSelect, ResetFilters, SearchButton } from '../kit/list-filters';
import { type Column, DataTable, useSelection } from '../kit/data-table';
import { BatchProgress, BatchReport } from '../kit/batch-report';
import { Toggle } from '../kit/form';
import { formatTime, viewerZone } from '../kit/time';
import { useAdminT } from '../kit/use-admin-t';
import { useListParams } from '../kit/use-list-params';
import { categoryChoices } from './categories';
import { message } from '../../../lib/toast';

type Row = EndpointData<typeof adminEndpoints.catalogGoodsList>['list'][number];

const FILTERS = ['keyword', 'category_id', 'on_sale', 'recharge_type'] as const;

/** The writes of the goods list (its route's clientAction). */
export const goodsListActions = adminActions([
  adminEndpoints.catalogGoodsSale,
  adminEndpoints.goodsBatchSale,
]);

export const goodsListLoader = adminLoader(async ({ request }) => {
  const [page, categories] = await Promise.all([
    adminQuiet.call(adminEndpoints.catalogGoodsList, queryOf(request, FILTERS)),
    adminQuiet.call(adminEndpoints.catalogCategoryList),
  ]);
  return { page, categories };
});

export function GoodsList() {
  const { t, locale } = useAdminT();
  const { page, categories } = useLoaderData<typeof goodsListLoader>();
  const list = useListParams();
  const write = useAdminWrite();
  const [pending, setPending] = useState<number | null>(null);
  const selection = useSelection();
  const [batch, setBatch] = useState<number | null>(null);
  const [report, setReport] = useState<{ result: BatchResult; names: Map<string, string> } | null>(null);

  /** Puts the selected goods on or off sale (issue 32): each audited, the report shown after. */
  async function setSaleOfSelected(onSale: boolean) {
    const ids = [...selection.keys].map(Number);
    if (ids.length > BATCH_LIMIT) {
      message.error(t('batch.tooMany', { max: BATCH_LIMIT, count: ids.length }));
      return;
    }
    setBatch(ids.length);
    // The names of this page's goods, for the report (a row picked on another page shows its id).
    const names = new Map(page.list.map((g) => [String(g.id), en ? g.name_en : g.name_zh]));
    const result = await write
      .call(adminEndpoints.goodsBatchSale, { ids, on_sale: onSale ? 1 : 0 })
      .catch(() => undefined);
    setBatch(null);
    if (!result) return;
    selection.clear();
    setReport({ result, names });
  }
  const seconds = Math.max(1, Math.ceil(categories.cache_ttl_ms / 1000));
  const en = locale === 'en';

  async function setSale(row: Row, onSale: boolean) {
    setPending(row.id);
    const done = await write
      .call(adminEndpoints.catalogGoodsSale, { id: row.id, on_sale: onSale ? 1 : 0 })
      .catch(() => undefined);
    if (done) {
      const name = en ? row.name_en : row.name_zh;
      message.success(t(onSale ? 'catalog.goods.saleOn' : 'catalog.goods.saleOff', { name }));
    }
    setPending(null);
  }

  const columns: Column<Row>[] = [
    {
      key: 'goods',
      header: t('catalog.goods.col.goods'),
      cell: (g) => (
        <Link to={`/admin/goods/${g.id}`} className="group flex min-w-0 items-center gap-3">
          {g.image ? (
            <img
              src={g.image}
              alt=""
              className="size-10 shrink-0 rounded-md border border-stone-200 object-cover"
            />
          ) : (
            <span aria-hidden="true" className="size-10 shrink-0 rounded-md bg-stone-100" />
          )}
          <span className="min-w-0">
            <span className="block max-w-56 truncate font-medium text-stone-900 group-hover:text-brand-700">
              {en ? g.name_en : g.name_zh}
            </span>
            <span className="block max-w-56 truncate text-xs text-stone-500" lang={en ? 'zh-CN' : 'en'}>
              {en ? g.name_zh : g.name_en}
            </span>
          </span>
        </Link>
      ),
    },
    { key: 'id', header: t('catalog.goods.col.id'), sort: 'id', align: 'right', cell: (g) => g.id },
    {
      key: 'category',
      header: t('catalog.goods.col.category'),
      cell: (g) => (en ? g.category_en : g.category_zh),
    },
    {
      key: 'type',
      header: t('catalog.goods.col.type'),
      cell: (g) => (
        <span className="whitespace-nowrap">
          {t(`catalog.goods.recharge.${g.recharge_type}`)}
          <span className="block text-xs text-stone-500">
            {t(`catalog.goods.spec.${g.spec_type}`)} · {t('catalog.goods.options', { count: g.option_count })}
          </span>
        </span>
      ),
    },
    {
      key: 'price',
      header: t('catalog.goods.col.price'),
      sort: 'min_price',
      align: 'right',
      cell: (g) => formatDecimalMoney(g.min_price_cny, 'CNY'),
    },
    {
      key: 'stock',
      header: t('catalog.goods.col.stock'),
      align: 'right',
      cell: (g) => (
        <span className="whitespace-nowrap">
          {g.stock === null ? t('catalog.goods.unlimited') : g.stock}
          {g.low_stock ? (
            <span className="ml-1.5 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-800">
              {t('catalog.goods.lowStock')}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'sales',
      header: t('catalog.goods.col.sales'),
      sort: 'sales',
      align: 'right',
      cell: (g) => g.sales,
    },
    { key: 'sort', header: t('catalog.goods.col.sort'), sort: 'sort', align: 'right', cell: (g) => g.sort },
    {
      key: 'updated',
      header: t('catalog.goods.col.updated'),
      sort: 'updated_at',
      cell: (g) => (
        <time
          dateTime={new Date(g.updated_at).toISOString()}
          title={viewerZone()}
          className="block w-20 text-xs"
        >
          {formatTime(g.updated_at, locale)}
        </time>
      ),
    },
    {
      key: 'sale',
      header: t('catalog.goods.col.sale'),
      cell: (g) => (
        <Toggle
          label={t('catalog.goods.saleOf', { name: en ? g.name_en : g.name_zh })}
          showLabel={false}
          checked={g.on_sale === 1}
          disabled={pending === g.id}
          onChange={(next) => void setSale(g, next)}
        />
      ),
    },
  ];

  return (
    <AdminPage
      title={t('catalog.goods.title')}
      intro={t('common.cacheNote', { seconds })}
      actions={
        <Link to="/admin/goods/new" className="btn-primary">
          {t('catalog.goods.new')}
        </Link>
      }
    >
      <FilterBar list={list} names={['keyword']}>
        <FilterInput list={list} name="keyword" label={t('catalog.goods.keyword')} maxLength={64} />
        <SearchButton />
        <FilterSelect
          list={list}
          name="category_id"
          label={t('catalog.goods.filterCategory')}
          options={categoryChoices(categories.list, locale).map((c) => ({ value: c.id, label: c.label }))}
        />
        <FilterSelect
          list={list}
          name="on_sale"
          label={t('catalog.goods.filterSale')}
          options={[
            { value: '1', label: t('catalog.goods.onSale') },
            { value: '0', label: t('catalog.goods.offSale') },
          ]}
        />
        <FilterSelect
          list={list}
          name="recharge_type"
          label={t('catalog.goods.filterType')}
          options={([1, 2, 3] as const).map((type) => ({
            value: type,
            label: t(`catalog.goods.recharge.${type}`),
          }))}
        />
        <ResetFilters list={list} names={FILTERS} />
      </FilterBar>
      <DataTable
        columns={columns}
        rows={page.list}
        total={page.total}
        rowKey={(g) => g.id}
        empty={t('catalog.goods.empty')}
        caption={t('catalog.goods.title')}
        testId="goods-table"
        select={{
          selection,
          label: (g) => (en ? g.name_en : g.name_zh),
          actions: (
            <>
              <button
                type="button"
                className="btn-outline h-9"
                disabled={batch !== null}
                onClick={() => void setSaleOfSelected(true)}
              >
                {t('batch.sale.on')}
              </button>
              <button
                type="button"
                className="btn-outline h-9"
                disabled={batch !== null}
                onClick={() => void setSaleOfSelected(false)}
              >
                {t('batch.sale.off')}
              </button>
              {batch !== null ? (
                <div className="w-48">
                  <BatchProgress count={batch} />
                </div>
              ) : null}
            </>
          ),
        }}
      />
      {report ? (
        <BatchReport
          result={report.result}
          onClose={() => setReport(null)}
          nameOf={(key) => {
            const goods = report.names.get(key);
            return goods ? `${goods} (ID ${key})` : undefined;
          }}
        />
      ) : null}
    </AdminPage>
  );
}

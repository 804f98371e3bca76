import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { CARD_KEY_MACHINE, type CardKeyStatus } from '@shop/domain/order';
import { adminQuiet } from '../kit/admin-api';
import { adminActions } from '../kit/actions';
import { adminLoader, queryOf } from '../kit/admin-loader';
import { AdminPage, Panel } from '../kit/admin-page';
import { AuditTrail } from '../kit/audit-trail';
import { type Column, DataTable } from '../kit/data-table';
import { formatTime, viewerZone } from '../kit/time';
import { useAdminT } from '../kit/use-admin-t';
import { useListParams } from '../kit/use-list-params';
import { type CardGoods, GoodsSelect } from './goods-select';
import { ImportPanel } from './import-panel';
import { type KeyRow, RevealDialog, VoidDialog } from './key-dialogs';
import { sameOption, StockCards, type StockRow } from './stock-cards';
import { ExportButton } from '../exports';

const FILTERS = ['goods_id', 'goods_sku_id', 'face_value', 'status', 'oid'] as const;
const STATUSES = CARD_KEY_MACHINE.states;
/** The shop-wide low-stock view shows this many options. */
const LOW_SHOWN = 12;

/** The writes of the card keys page (its route's clientAction). */
export const keysActions = adminActions([
  adminEndpoints.keysImport,
  adminEndpoints.keysReveal,
  adminEndpoints.keysVoid,
  adminEndpoints.exportKeySales,
]);

export const keysLoader = adminLoader(async ({ request }) => {
  const params = new URL(request.url).searchParams;
  const goodsId = params.get('goods_id') || undefined;
  const [keys, stock, goods] = await Promise.all([
    adminQuiet.call(adminEndpoints.keysList, queryOf(request, FILTERS)),
    goodsId
      ? adminQuiet.call(adminEndpoints.keysStock, { goods_id: goodsId, limit: 100 })
      : adminQuiet.call(adminEndpoints.keysStock, { low: 1, limit: LOW_SHOWN }),
    goodsId ? adminQuiet.call(adminEndpoints.keysGoods, { keyword: goodsId, limit: 100 }) : null,
  ]);
  const chosen = goods?.list.find((g) => String(g.id) === goodsId) ?? null;
  return { keys, stock, goods: chosen };
});

const STATUS_STYLE: Record<CardKeyStatus, string> = {
  available: 'bg-emerald-50 text-emerald-800',
  reserved: 'bg-sky-50 text-sky-800',
  sold: 'bg-stone-100 text-stone-700',
  void: 'bg-red-50 text-red-800',
};

export function Keys() {
  const { t, locale } = useAdminT();
  const { keys, stock, goods } = useLoaderData<typeof keysLoader>();
  const list = useListParams();
  const [revealing, setRevealing] = useState<KeyRow | null>(null);
  const [voiding, setVoiding] = useState<KeyRow | null>(null);
  const en = locale === 'en';

  const skuParam = list.get('goods_sku_id');
  const faceParam = list.get('face_value');
  const selected =
    goods && (skuParam || faceParam)
      ? (stock.list.find(
          (r) =>
            r.goods_id === goods.id &&
            (skuParam ? String(r.goods_sku_id) === skuParam : String(r.face_value) === faceParam),
        ) ?? null)
      : null;

  const optionName = (r: Pick<StockRow, 'option_name_zh' | 'option_name_en'>) =>
    (en ? r.option_name_en : r.option_name_zh) || r.option_name_zh;
  const goodsName = (r: Pick<StockRow, 'goods_name_zh' | 'goods_name_en'>) =>
    (en ? r.goods_name_en : r.goods_name_zh) || r.goods_name_zh;

  function chooseGoods(g: CardGoods | null) {
    list.set({ goods_id: g?.id ?? null, goods_sku_id: null, face_value: null });
  }
  function chooseOption(r: StockRow) {
    const again = selected !== null && sameOption(r, selected);
    list.set({
      goods_id: r.goods_id,
      goods_sku_id: again ? null : r.goods_sku_id,
      face_value: again ? null : r.face_value,
    });
  }

  const time = (ms: number | null) =>
    ms === null ? (
      '—'
    ) : (
      <time dateTime={new Date(ms).toISOString()} title={viewerZone()} className="text-xs whitespace-nowrap">
        {formatTime(ms, locale)}
      </time>
    );

  const columns: Column<KeyRow>[] = [
    { key: 'id', header: t('keys.list.col.id'), sort: 'id', align: 'right', cell: (k) => k.id },
    {
      key: 'option',
      header: t('keys.list.col.option'),
      cell: (k) => (
        <span className="block max-w-48">
          <span className="block truncate text-stone-900">{goodsName(k)}</span>
          <span className="block truncate text-xs text-stone-500">{optionName(k)}</span>
        </span>
      ),
    },
    {
      key: 'secret',
      header: t('keys.list.col.secret'),
      cell: (k) => (
        <code className="font-mono text-xs whitespace-nowrap text-stone-800">{k.secret_masked}</code>
      ),
    },
    {
      key: 'status',
      header: t('keys.list.col.status'),
      cell: (k) => {
        const when = k.sold_at ?? k.voided_at;
        return (
          <span className="block">
            <span
              className={`rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${STATUS_STYLE[k.status]}`}
            >
              {t(`keys.status.${k.status}`)}
            </span>
            {when === null ? null : <span className="mt-1 block text-stone-500">{time(when)}</span>}
          </span>
        );
      },
    },
    {
      key: 'order',
      header: t('keys.list.col.order'),
      cell: (k) =>
        k.oid ? (
          <button
            type="button"
            className="font-mono text-xs text-brand-700 hover:underline"
            onClick={() => list.set({ oid: k.oid })}
          >
            {k.oid}
          </button>
        ) : (
          '—'
        ),
    },
    {
      key: 'created',
      header: t('keys.list.col.created'),
      // The least needed column gives way on a tablet, so the actions stay in view.
      className: 'hidden xl:table-cell',
      cell: (k) => time(k.created_at),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (k) => (
        <span className="flex gap-1">
          <button
            type="button"
            className="btn-ghost px-2 py-1"
            onClick={() => setRevealing(k)}
            aria-label={`${t('keys.list.reveal')} #${k.id}`}
          >
            {t('keys.list.reveal')}
          </button>
          {k.status === 'available' ? (
            <button
              type="button"
              className="btn-ghost px-2 py-1 text-red-700 hover:bg-red-50"
              onClick={() => setVoiding(k)}
              aria-label={`${t('keys.list.void')} #${k.id}`}
            >
              {t('keys.list.void')}
            </button>
          ) : null}
        </span>
      ),
    },
  ];

  const filtered = FILTERS.some((f) => f !== 'goods_id' && list.get(f));
  const select = 'input h-10 w-auto min-w-32';
  return (
    <AdminPage
      title={t('keys.title')}
      intro={t('keys.intro')}
      actions={<ExportButton kind="key_sales" filters={goods ? { goods_id: goods.id } : {}} />}
    >
      <Panel>
        <GoodsSelect value={goods} onChange={chooseGoods} />
      </Panel>

      <section aria-labelledby="keys-stock-title" className="space-y-3">
        <h2 id="keys-stock-title" className="text-base font-semibold text-stone-900">
          {goods
            ? `${t('keys.stock.title')} · ${en ? goods.name_en : goods.name_zh}`
            : t('keys.stock.lowTitle')}
        </h2>
        {goods ? null : <p className="text-sm text-stone-600">{t('keys.stock.lowIntro')}</p>}
        {stock.list.length === 0 ? (
          <p className="card p-4 text-sm text-stone-500">
            {goods ? t('keys.stock.noOptions') : t('keys.stock.noneLow')}
          </p>
        ) : (
          <StockCards rows={stock.list} selected={selected} withGoods={!goods} onChoose={chooseOption} />
        )}
      </section>

      {goods ? (
        <ImportPanel
          key={selected ? `${selected.goods_id}-${selected.goods_sku_id}-${selected.face_value}` : 'none'}
          target={selected}
          optionLabel={(r) => `${goodsName(r)} · ${optionName(r)}`}
        />
      ) : null}

      <section aria-labelledby="keys-list-title" className="space-y-3">
        <h2 id="keys-list-title" className="text-base font-semibold text-stone-900">
          {t('keys.list.title')}
        </h2>
        <form
          className="flex flex-wrap items-center gap-2"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            list.set({
              oid: String(new FormData(e.currentTarget).get('oid') ?? '')
                .trim()
                .toUpperCase(),
            });
          }}
        >
          <select
            className={select}
            aria-label={t('keys.list.status')}
            value={list.get('status')}
            onChange={(e) => list.set({ status: e.target.value })}
          >
            <option value="">
              {t('keys.list.status')}: {t('common.all')}
            </option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`keys.status.${s}`)}
              </option>
            ))}
          </select>
          <input
            name="oid"
            key={list.get('oid')}
            defaultValue={list.get('oid')}
            placeholder={t('keys.list.oid')}
            aria-label={t('keys.list.oid')}
            className="input h-10 w-56 font-mono"
            maxLength={32}
            pattern="[0-9A-Za-z]{8,32}"
          />
          <button type="submit" className="btn-outline">
            {t('keys.list.find')}
          </button>
          {selected ? (
            <button
              type="button"
              className="rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm text-brand-800"
              onClick={() => list.set({ goods_sku_id: null, face_value: null })}
              title={t('keys.list.clearOption')}
            >
              {t('keys.list.option')}: {optionName(selected)} <span aria-hidden="true">×</span>
            </button>
          ) : null}
          {filtered ? (
            <button
              type="button"
              className="btn-ghost"
              onClick={() => list.set({ status: null, oid: null, goods_sku_id: null, face_value: null })}
            >
              {t('common.reset')}
            </button>
          ) : null}
        </form>
        <DataTable
          columns={columns}
          rows={keys.list}
          total={keys.total}
          rowKey={(k) => k.id}
          empty={t('keys.list.empty')}
          caption={t('keys.list.title')}
          testId="keys-table"
        />
      </section>

      {/* A chosen goods: its imports (recorded under the goods) and its other changes; else every
          reveal and void. */}
      {goods ? <AuditTrail objectType="goods" objectId={goods.id} /> : <AuditTrail objectType="card_key" />}

      {revealing ? <RevealDialog row={revealing} onClose={() => setRevealing(null)} /> : null}
      {voiding ? (
        <VoidDialog row={voiding} onClose={() => setVoiding(null)} onVoided={() => setVoiding(null)} />
      ) : null}
    </AdminPage>
  );
}

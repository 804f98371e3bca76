import { RECHARGE_TYPE, SPEC_TYPE } from '@shop/domain/catalog';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { adminQuiet } from '../kit/admin-api';
import { adminActions, useAdminWrite } from '../kit/actions';
import { adminLoader } from '../kit/admin-loader';
import { AdminPage, Panel } from '../kit/admin-page';
import { AuditTrail } from '../kit/audit-trail';
import { ImageUpload } from '../kit/image-upload';
import { useAdminT } from '../kit/use-admin-t';
import { type AdminCategory } from './categories';
import { GalleryEditor } from './gallery-editor';
import {
  bodyOf,
  checkDraft,
  type DraftErrors,
  draftOf,
  emptyDraft,
  type GoodsDetail,
  type GoodsDraft,
  newOption,
  type SpecType,
} from './goods-draft';
import { OptionsEditor } from './options-editor';
import { isApiError } from '../../../lib/http';
import { GOODS_PATH } from '../../../lib/catalog';
import { message } from '../../../lib/toast';

import { GoodsBasics } from './goods-basics';
import { GoodsSaveBar } from './goods-save-bar';
import { GoodsTexts } from './goods-texts';
import { GoodsTopup } from './goods-topup';
import { GoodsPrices } from './goods-prices';
/** The writes of the goods editor (its route's clientAction). */
export const goodsEditActions = adminActions([
  adminEndpoints.catalogGoodsCreate,
  adminEndpoints.catalogGoodsUpdate,
  adminEndpoints.goodsPricesSet,
]);

export const goodsEditLoader = adminLoader(async ({ params }) => {
  const categories = adminQuiet.call(adminEndpoints.catalogCategoryList);
  const goods =
    params.id === 'new' ? null : await adminQuiet.call(adminEndpoints.catalogGoodsDetail, { id: params.id });
  return { goods, categories: await categories };
});

export function GoodsEdit() {
  const { goods, categories } = useLoaderData<typeof goodsEditLoader>();
  // A new form whenever another goods is opened (or the new one was created).
  return (
    <GoodsForm
      key={goods?.id ?? 'new'}
      goods={goods}
      tree={categories.list}
      cacheTtlMs={categories.cache_ttl_ms}
    />
  );
}

function GoodsForm({
  goods,
  tree,
  cacheTtlMs,
}: {
  goods: GoodsDetail | null;
  tree: AdminCategory[];
  cacheTtlMs: number;
}) {
  const { t } = useAdminT();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [current, setCurrent] = useState(goods);
  const [draft, setDraft] = useState<GoodsDraft>(() => (goods ? draftOf(goods) : emptyDraft()));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const write = useAdminWrite();
  const seconds = Math.max(1, Math.ceil(cacheTtlMs / 1000));

  const set = (patch: Partial<GoodsDraft>) => setDraft((d) => ({ ...d, ...patch }));

  function setSpec(spec: SpecType) {
    setDraft((d) => ({
      ...d,
      spec_type: spec,
      ...(spec === SPEC_TYPE.SKU && d.skus.length === 0 ? { skus: [newOption(0)] } : {}),
      ...(spec === SPEC_TYPE.FACE_VALUE && d.faces.length === 0 ? { faces: [newOption(0)] } : {}),
    }));
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkDraft(draft, t);
    setErrors(found);
    const count = Object.keys(found).length;
    if (count) {
      setFormError(t('catalog.form.fixErrors', { count }));
      // The first marked field, once it is rendered as invalid.
      window.setTimeout(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setBusy(true);
    setFormError('');
    try {
      const body = bodyOf(draft);
      if (current) {
        const saved = await write.quiet(adminEndpoints.catalogGoodsUpdate, {
          ...body,
          id: current.id,
          updated_at: current.updated_at,
        });
        setCurrent(saved);
        setDraft(draftOf(saved));
        message.success(t('catalog.form.saved'));
      } else {
        const created = await write.quiet(adminEndpoints.catalogGoodsCreate, body);
        message.success(t('catalog.form.created'));
        await navigate(`/admin/goods/${created.id}`, { replace: true });
      }
    } catch (e) {
      if (!isApiError(e)) throw e;
      setFormError(e.msg);
    } finally {
      setBusy(false);
    }
  }

  const cards = draft.recharge_type === RECHARGE_TYPE.CARD_KEY;
  const title = current ? t('catalog.goods.editTitle', { id: current.id }) : t('catalog.goods.newTitle');
  return (
    <AdminPage
      title={title}
      intro={
        <>
          {t('common.cacheNote', { seconds })} {t('catalog.form.orderNote')}
        </>
      }
      actions={
        <>
          {current?.on_sale ? (
            <a href={GOODS_PATH(current.id)} target="_blank" rel="noreferrer" className="btn-ghost">
              {t('catalog.form.viewInShop')}
            </a>
          ) : null}
          <Link to="/admin/goods" className="btn-outline">
            {t('catalog.goods.back')}
          </Link>
        </>
      }
    >
      <form ref={form} onSubmit={save} noValidate className="space-y-5" data-testid="goods-form">
        <GoodsBasics draft={draft} errors={errors} set={set} tree={tree} setSpec={setSpec} />

        <GoodsTexts draft={draft} errors={errors} set={set} />

        <Panel title={t('catalog.form.pictures')}>
          <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
            <ImageUpload
              label={t('catalog.form.image')}
              value={draft.image}
              error={errors.image}
              onChange={(image) => set({ image })}
              testId="goods-image"
            />
            <GalleryEditor images={draft.images} errors={errors} onChange={(images) => set({ images })} />
          </div>
        </Panel>

        <Panel
          title={t(draft.spec_type === SPEC_TYPE.SKU ? 'catalog.form.options' : 'catalog.form.faceValues')}
        >
          <OptionsEditor
            key={draft.spec_type}
            spec={draft.spec_type}
            cards={cards}
            rows={draft.spec_type === SPEC_TYPE.SKU ? draft.skus : draft.faces}
            errors={errors}
            errorPrefix={draft.spec_type === SPEC_TYPE.SKU ? 'skus' : 'faces'}
            onChange={(rows) => set(draft.spec_type === SPEC_TYPE.SKU ? { skus: rows } : { faces: rows })}
          />
        </Panel>

        {draft.recharge_type === RECHARGE_TYPE.DIRECT_TOPUP ? (
          <GoodsTopup draft={draft} errors={errors} set={set} />
        ) : null}

        <GoodsSaveBar current={current} formError={formError} busy={busy} seconds={seconds} />
      </form>
      {current ? <GoodsPrices goodsId={current.id} version={current.updated_at} /> : null}
      {current ? <AuditTrail objectType="goods" objectId={current.id} /> : null}
    </AdminPage>
  );
}

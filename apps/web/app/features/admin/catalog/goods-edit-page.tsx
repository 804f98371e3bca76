import { useRef, useState, type FormEvent } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { CATALOG_LIMITS as L } from '@shop/contract/admin/catalog.endpoints';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import { adminQuiet } from '../kit/admin-api';
import { adminActions, useAdminWrite } from '../kit/actions';
import { adminLoader } from '../kit/admin-loader';
import { AdminPage, Panel } from '../kit/admin-page';
import { AuditTrail } from '../kit/audit-trail';
import { FormError, SelectField, TextField, Toggle } from '../kit/form';
import { ImageUpload } from '../kit/image-upload';
import { useAdminT } from '../kit/use-admin-t';
import { BilingualField } from './bilingual-field';
import { type AdminCategory, categoryChoices } from './categories';
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
  type RechargeType,
  type SpecType,
} from './goods-draft';
import { OptionsEditor } from './options-editor';
import { ServersEditor } from './servers-editor';
import { isApiError } from '../../../lib/http';
import { GOODS_PATH } from '../../../lib/catalog';
import { message } from '../../../lib/toast';

/** The writes of the goods editor (its route's clientAction). */
export const goodsEditActions = adminActions([
  adminEndpoints.catalogGoodsCreate,
  adminEndpoints.catalogGoodsUpdate,
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
  const { t, locale } = useAdminT();
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
  /** A text of the form, with its error. */
  const side = (field: keyof GoodsDraft & `${string}_${'zh' | 'en'}`) => ({
    value: draft[field],
    onChange: (value: string) => set({ [field]: value }),
    error: errors[field],
  });

  function setSpec(spec: SpecType) {
    setDraft((d) => ({
      ...d,
      spec_type: spec,
      ...(spec === 1 && d.skus.length === 0 ? { skus: [newOption(0)] } : {}),
      ...(spec === 2 && d.faces.length === 0 ? { faces: [newOption(0)] } : {}),
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

  const cards = draft.recharge_type === 1;
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
        <Panel title={t('catalog.form.basics')}>
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            <SelectField
              label={t('catalog.form.category')}
              value={draft.category_id}
              error={errors.category_id}
              onChange={(e) => set({ category_id: e.target.value })}
            >
              <option value="">{t('catalog.form.chooseCategory')}</option>
              {categoryChoices(tree, locale).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('catalog.form.rechargeType')}
              value={draft.recharge_type}
              hint={t(`catalog.goods.rechargeHint.${draft.recharge_type}`)}
              onChange={(e) => set({ recharge_type: Number(e.target.value) as RechargeType })}
            >
              {([1, 2, 3] as const).map((type) => (
                <option key={type} value={type}>
                  {t(`catalog.goods.recharge.${type}`)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('catalog.form.specType')}
              value={draft.spec_type}
              onChange={(e) => setSpec(Number(e.target.value) as SpecType)}
            >
              {([1, 2] as const).map((spec) => (
                <option key={spec} value={spec}>
                  {t(`catalog.goods.spec.${spec}`)}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('catalog.form.sort')}
              inputMode="numeric"
              value={draft.sort}
              maxLength={7}
              hint={t('catalog.form.sortHint')}
              error={errors.sort}
              onChange={(e) => set({ sort: e.target.value })}
            />
            {cards ? (
              <TextField
                label={t('catalog.form.stockAlert')}
                inputMode="numeric"
                value={draft.stock_alert}
                maxLength={10}
                hint={t('catalog.form.stockAlertHint')}
                error={errors.stock_alert}
                onChange={(e) => set({ stock_alert: e.target.value })}
              />
            ) : null}
            <div className="flex flex-col justify-center gap-3">
              <Toggle
                label={t('catalog.form.onSale')}
                checked={draft.on_sale}
                onChange={(on_sale) => set({ on_sale })}
              />
              {draft.recharge_type === 3 ? (
                <div>
                  <Toggle
                    label={t('catalog.form.ships')}
                    checked={draft.ships}
                    onChange={(ships) => set({ ships })}
                  />
                  <p className="mt-1 text-xs text-stone-500">{t('catalog.form.shipsHint')}</p>
                </div>
              ) : null}
            </div>
          </div>
        </Panel>

        <Panel title={t('catalog.form.texts')}>
          <p className="-mt-2 mb-4 text-sm text-stone-500">{t('catalog.form.textsHint')}</p>
          <div className="space-y-4">
            <BilingualField
              label={t('catalog.form.name')}
              zh={side('name_zh')}
              en={side('name_en')}
              max={L.name}
              testId="name"
            />
            <BilingualField
              label={t('catalog.form.subtitle')}
              zh={side('subtitle_zh')}
              en={side('subtitle_en')}
              max={L.subtitle}
              testId="subtitle"
            />
            <BilingualField
              label={t('catalog.form.description')}
              zh={side('description_zh')}
              en={side('description_en')}
              max={L.longText}
              multiline
              hint={t('catalog.form.descriptionHint')}
              testId="description"
            />
            <BilingualField
              label={t('catalog.form.instructions')}
              zh={side('instructions_zh')}
              en={side('instructions_en')}
              max={L.longText}
              multiline
              testId="instructions"
            />
          </div>
        </Panel>

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

        <Panel title={t(draft.spec_type === 1 ? 'catalog.form.options' : 'catalog.form.faceValues')}>
          <OptionsEditor
            key={draft.spec_type}
            spec={draft.spec_type}
            cards={cards}
            rows={draft.spec_type === 1 ? draft.skus : draft.faces}
            errors={errors}
            errorPrefix={draft.spec_type === 1 ? 'skus' : 'faces'}
            onChange={(rows) => set(draft.spec_type === 1 ? { skus: rows } : { faces: rows })}
          />
        </Panel>

        {draft.recharge_type === 2 ? (
          <Panel title={t('catalog.form.topup')}>
            <div className="space-y-5">
              <ServersEditor rows={draft.servers} errors={errors} onChange={(servers) => set({ servers })} />
              <BilingualField
                label={t('catalog.form.playerHint')}
                zh={side('player_hint_zh')}
                en={side('player_hint_en')}
                max={L.playerHint}
                multiline
                hint={t('catalog.form.playerHintHint')}
                testId="player-hint"
              />
              <div className="max-w-md">
                <ImageUpload
                  label={t('catalog.form.playerHintImage')}
                  value={draft.player_hint_image}
                  error={errors.player_hint_image}
                  onChange={(player_hint_image) => set({ player_hint_image })}
                />
              </div>
              <Toggle
                label={t('catalog.form.topupMultiple')}
                checked={draft.topup_multiple}
                onChange={(topup_multiple) => set({ topup_multiple })}
              />
            </div>
          </Panel>
        ) : null}

        <div className="sticky bottom-0 z-10 -mx-4 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
          <div className="flex flex-wrap items-center gap-3">
            <div className="min-w-0 flex-1">
              {formError ? (
                <FormError message={formError} />
              ) : (
                <p className="text-xs text-stone-500">
                  {current ? t('catalog.form.sales', { count: current.sales }) : null}
                  {current ? ' · ' : null}
                  {t('common.cacheNote', { seconds })}
                </p>
              )}
            </div>
            <button type="submit" className="btn-primary" disabled={busy} data-testid="goods-save">
              {busy ? t('common.saving') : current ? t('common.save') : t('catalog.form.create')}
            </button>
          </div>
        </div>
      </form>
      {current ? <AuditTrail objectType="goods" objectId={current.id} /> : null}
    </AdminPage>
  );
}

// The goods form's state and its checks (issue 14): what the operator types, kept as text until
// it is sent, checked with the very bounds the API enforces (CATALOG_LIMITS, PRICE_PATTERN,
// PICTURE_PATTERN), then turned into the one request that saves the whole goods. Prices stay
// decimal strings end to end: the API converts them to fen, never this page.
import { RECHARGE_TYPE, SPEC_TYPE } from '@shop/domain/catalog';
import { CATALOG_LIMITS as L, PICTURE_PATTERN, PRICE_PATTERN } from '@shop/contract/admin/catalog.endpoints';
import type { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData, EndpointInput } from '@shop/contract/endpoint-schemas';
import type { AdminKey, AdminT } from '../kit/use-admin-t';

export type GoodsDetail = EndpointData<typeof adminEndpoints.catalogGoodsDetail>;
export type GoodsInput = EndpointInput<typeof adminEndpoints.catalogGoodsCreate>;
export type RechargeType = 1 | 2 | 3;
export type SpecType = 1 | 2;

/** A SKU or a face value row: which one is the goods' spec type. */
export type OptionDraft = {
  key: string;
  /** An existing SKU's id. */
  id?: number;
  /** The face value as typed (face-value goods). */
  face_value: string;
  name_zh: string;
  name_en: string;
  price_cny: string;
  price_usd: string;
  original_cny: string;
  /** '' = unlimited. */
  stock: string;
  /** The stock when the form loaded (null: unlimited; undefined: a new option). */
  stock_was?: number | null;
  sort: string;
  on_sale: boolean;
  /** Card keys, carts or orders use it: it can go off sale, not away (nor change its face value). */
  in_use: boolean;
  available_keys: number | null;
};

export type ServerDraft = {
  key: string;
  id?: number;
  name_zh: string;
  name_en: string;
  sort: string;
  in_use: boolean;
};

export type GoodsDraft = {
  category_id: string;
  name_zh: string;
  name_en: string;
  subtitle_zh: string;
  subtitle_en: string;
  description_zh: string;
  description_en: string;
  instructions_zh: string;
  instructions_en: string;
  image: string;
  images: string[];
  recharge_type: RechargeType;
  spec_type: SpecType;
  ships: boolean;
  skus: OptionDraft[];
  faces: OptionDraft[];
  servers: ServerDraft[];
  player_hint_zh: string;
  player_hint_en: string;
  player_hint_image: string;
  topup_multiple: boolean;
  on_sale: boolean;
  sort: string;
  stock_alert: string;
};

let rowKeys = 0;
const rowKey = () => `row-${++rowKeys}`;

export function newOption(index: number): OptionDraft {
  return {
    key: rowKey(),
    face_value: '',
    name_zh: '',
    name_en: '',
    price_cny: '',
    price_usd: '',
    original_cny: '',
    stock: '',
    sort: String(index),
    on_sale: true,
    in_use: false,
    available_keys: null,
  };
}

export function newServer(index: number): ServerDraft {
  return { key: rowKey(), name_zh: '', name_en: '', sort: String(index), in_use: false };
}

export function emptyDraft(categoryId = ''): GoodsDraft {
  return {
    category_id: categoryId,
    name_zh: '',
    name_en: '',
    subtitle_zh: '',
    subtitle_en: '',
    description_zh: '',
    description_en: '',
    instructions_zh: '',
    instructions_en: '',
    image: '',
    images: [],
    recharge_type: RECHARGE_TYPE.CARD_KEY,
    spec_type: SPEC_TYPE.SKU,
    ships: false,
    skus: [newOption(0)],
    faces: [],
    servers: [],
    player_hint_zh: '',
    player_hint_en: '',
    player_hint_image: '',
    topup_multiple: false,
    on_sale: false,
    sort: '0',
    stock_alert: '0',
  };
}

type DetailOption = GoodsDetail['skus'][number] | GoodsDetail['face_values'][number];

function optionOf(o: DetailOption, names: { zh: string; en: string }): OptionDraft {
  return {
    key: rowKey(),
    ...('id' in o ? { id: o.id } : {}),
    face_value: 'face_value' in o ? String(o.face_value) : '',
    name_zh: names.zh,
    name_en: names.en,
    price_cny: o.price_cny,
    price_usd: o.price_usd ?? '',
    original_cny: o.original_cny ?? '',
    stock: o.stock === null ? '' : String(o.stock),
    stock_was: o.stock,
    sort: String(o.sort),
    on_sale: o.on_sale === 1,
    in_use: o.in_use,
    available_keys: o.available_keys,
  };
}

/** The form for a goods as the API shows it. */
export function draftOf(g: GoodsDetail): GoodsDraft {
  return {
    category_id: String(g.category_id),
    name_zh: g.name_zh,
    name_en: g.name_en,
    subtitle_zh: g.subtitle_zh,
    subtitle_en: g.subtitle_en,
    description_zh: g.description_zh,
    description_en: g.description_en,
    instructions_zh: g.instructions_zh,
    instructions_en: g.instructions_en,
    image: g.image,
    images: g.images,
    recharge_type: g.recharge_type,
    spec_type: g.spec_type,
    ships: g.ships === 1,
    skus: g.skus.map((s) => optionOf(s, { zh: s.spec_zh, en: s.spec_en })),
    faces: g.face_values.map((f) => optionOf(f, { zh: f.label_zh, en: f.label_en })),
    servers: g.servers.map((s) => ({
      key: rowKey(),
      id: s.id,
      name_zh: s.name_zh,
      name_en: s.name_en,
      sort: String(s.sort),
      in_use: s.in_use,
    })),
    player_hint_zh: g.player_hint_zh,
    player_hint_en: g.player_hint_en,
    player_hint_image: g.player_hint_image,
    topup_multiple: g.topup_multiple === 1,
    on_sale: g.on_sale === 1,
    sort: String(g.sort),
    stock_alert: String(g.stock_alert),
  };
}

/** Field path → message, e.g. `name_zh`, `skus.0.price_cny`, `images.2`, `options`. */
export type DraftErrors = Record<string, string>;

const WHOLE = /^\d{1,10}$/;
const isZero = (price: string) => /^0*(\.0*)?$/.test(price.trim());

/** The options of the kind the goods is sold by. */
export const optionsOf = (d: GoodsDraft) => (d.spec_type === SPEC_TYPE.SKU ? d.skus : d.faces);

/**
 * Checks the form as the API would, naming each field in the operator's language; an empty result
 * means it can be sent. The API still judges (a category removed meanwhile, an option in use).
 */
export function checkDraft(d: GoodsDraft, t: AdminT): DraftErrors {
  const errors: DraftErrors = {};
  const label = (key: AdminKey, lang?: 'zh' | 'en') =>
    lang ? t('catalog.form.withLang', { field: t(key), lang: t(`catalog.form.${lang}`) }) : t(key);
  const text = (path: string, value: string, field: string, max: number, required = false) => {
    if (required && !value.trim()) errors[path] = t('common.required', { field });
    else if (value.trim().length > max) errors[path] = t('catalog.form.tooLong', { field, max });
  };
  const picture = (path: string, value: string, field: string, max: number, required = false) => {
    if (required && !value.trim()) errors[path] = t('common.required', { field });
    else if (!PICTURE_PATTERN.test(value.trim()) || value.trim().length > max)
      errors[path] = t('catalog.form.picture', { field });
  };
  const whole = (path: string, value: string, field: string, min: number, max: number) => {
    const n = Number(value.trim());
    if (!WHOLE.test(value.trim()) || n < min || n > max)
      errors[path] = t('catalog.form.whole', { field, min, max });
  };
  const price = (path: string, value: string, field: string, required: boolean, positive: boolean) => {
    const v = value.trim();
    if (!v) {
      if (required) errors[path] = t('common.required', { field });
    } else if (!PRICE_PATTERN.test(v)) errors[path] = t('catalog.form.price', { field });
    else if (positive && isZero(v)) errors[path] = t('catalog.form.pricePositive', { field });
  };

  if (!d.category_id) errors.category_id = t('common.required', { field: t('catalog.form.category') });
  for (const lang of ['zh', 'en'] as const) {
    text(`name_${lang}`, d[`name_${lang}`], label('catalog.form.name', lang), L.name, true);
    text(`subtitle_${lang}`, d[`subtitle_${lang}`], label('catalog.form.subtitle', lang), L.subtitle);
    text(
      `description_${lang}`,
      d[`description_${lang}`],
      label('catalog.form.description', lang),
      L.longText,
    );
    text(
      `instructions_${lang}`,
      d[`instructions_${lang}`],
      label('catalog.form.instructions', lang),
      L.longText,
    );
  }
  picture('image', d.image, t('catalog.form.image'), L.picture, true);
  d.images.forEach((image, i) =>
    picture(`images.${i}`, image, t('catalog.form.galleryPicture', { n: i + 1 }), L.picture, true),
  );
  whole('sort', d.sort, t('catalog.form.sort'), 0, L.sort);
  whole('stock_alert', d.stock_alert, t('catalog.form.stockAlert'), 0, L.stock);

  const list = d.spec_type === SPEC_TYPE.SKU ? 'skus' : 'faces';
  const options = optionsOf(d);
  if (options.length === 0)
    errors.options = t(d.spec_type === SPEC_TYPE.SKU ? 'catalog.form.needOption' : 'catalog.form.needFace');
  if (options.length > L.options) errors.options = t('catalog.form.tooMany', { max: L.options });
  const seen = new Set<string>();
  options.forEach((o, i) => {
    const at = (field: string) => `${list}.${i}.${field}`;
    const zhName = d.spec_type === SPEC_TYPE.SKU ? 'catalog.form.specZh' : 'catalog.form.labelZh';
    const enName = d.spec_type === SPEC_TYPE.SKU ? 'catalog.form.specEn' : 'catalog.form.labelEn';
    if (d.spec_type === SPEC_TYPE.FACE_VALUE) {
      whole(at('face_value'), o.face_value, t('catalog.form.faceValue'), 1, L.faceValue);
      const value = String(Number(o.face_value.trim()));
      if (!errors[at('face_value')] && seen.has(value))
        errors[at('face_value')] = t('catalog.form.faceTwice', { value });
      seen.add(value);
    }
    text(at('name_zh'), o.name_zh, t(zhName), L.name, true);
    text(at('name_en'), o.name_en, t(enName), L.name, true);
    price(at('price_cny'), o.price_cny, t('catalog.form.priceCnyName'), true, true);
    price(at('price_usd'), o.price_usd, t('catalog.form.priceUsdName'), false, true);
    price(at('original_cny'), o.original_cny, t('catalog.form.originalCnyName'), false, false);
    if (d.recharge_type !== RECHARGE_TYPE.CARD_KEY && o.stock.trim())
      whole(at('stock'), o.stock, t('catalog.form.stock'), 0, L.stock);
    whole(at('sort'), o.sort, t('catalog.form.sort'), 0, L.sort);
  });

  if (d.recharge_type === RECHARGE_TYPE.DIRECT_TOPUP && d.servers.length === 0)
    errors.servers = t('catalog.form.needServer');
  if (d.servers.length > L.servers) errors.servers = t('catalog.form.tooMany', { max: L.servers });
  serversSent(d).forEach((s) => {
    const i = d.servers.indexOf(s);
    text(`servers.${i}.name_zh`, s.name_zh, t('catalog.form.serverZh'), L.name, true);
    text(`servers.${i}.name_en`, s.name_en, t('catalog.form.serverEn'), L.name, true);
    whole(`servers.${i}.sort`, s.sort, t('catalog.form.sort'), 0, L.sort);
  });
  for (const lang of ['zh', 'en'] as const)
    text(
      `player_hint_${lang}`,
      d[`player_hint_${lang}`],
      label('catalog.form.playerHint', lang),
      L.playerHint,
    );
  picture('player_hint_image', d.player_hint_image, t('catalog.form.playerHintImage'), L.hintPicture);
  return errors;
}

/**
 * The servers a save sends: all of a top-up's; of another goods only those it already has (an
 * order may name one, so they are kept, never silently removed), not rows added and left.
 */
function serversSent(d: GoodsDraft): ServerDraft[] {
  return d.recharge_type === RECHARGE_TYPE.DIRECT_TOPUP
    ? d.servers
    : d.servers.filter((s) => s.id !== undefined);
}

const orNull = (value: string) => (value.trim() ? value.trim() : null);

/** The request that saves the goods: only the options of its kind, servers only for top-ups. */
export function bodyOf(d: GoodsDraft): GoodsInput {
  const cards = d.recharge_type === RECHARGE_TYPE.CARD_KEY;
  const money = (o: OptionDraft) => ({
    price_cny: o.price_cny.trim(),
    price_usd: orNull(o.price_usd),
    original_cny: orNull(o.original_cny),
    stock: cards || !o.stock.trim() ? null : Number(o.stock),
    ...(o.stock_was === undefined || cards ? {} : { stock_was: o.stock_was }),
    sort: Number(o.sort) || 0,
    on_sale: o.on_sale ? (1 as const) : (0 as const),
  });
  const topup = d.recharge_type === RECHARGE_TYPE.DIRECT_TOPUP;
  return {
    category_id: Number(d.category_id),
    name_zh: d.name_zh,
    name_en: d.name_en,
    subtitle_zh: d.subtitle_zh,
    subtitle_en: d.subtitle_en,
    description_zh: d.description_zh,
    description_en: d.description_en,
    instructions_zh: d.instructions_zh,
    instructions_en: d.instructions_en,
    image: d.image.trim(),
    images: d.images.map((i) => i.trim()),
    recharge_type: d.recharge_type,
    spec_type: d.spec_type,
    ships: d.recharge_type === RECHARGE_TYPE.MANUAL && d.ships ? 1 : 0,
    skus:
      d.spec_type === SPEC_TYPE.SKU
        ? d.skus.map((o) => ({
            ...(o.id === undefined ? {} : { id: o.id }),
            spec_zh: o.name_zh,
            spec_en: o.name_en,
            ...money(o),
          }))
        : [],
    face_values:
      d.spec_type === SPEC_TYPE.FACE_VALUE
        ? d.faces.map((o) => ({
            face_value: Number(o.face_value),
            label_zh: o.name_zh,
            label_en: o.name_en,
            ...money(o),
          }))
        : [],
    servers: serversSent(d).map((s) => ({
      ...(s.id === undefined ? {} : { id: s.id }),
      name_zh: s.name_zh,
      name_en: s.name_en,
      sort: Number(s.sort) || 0,
    })),
    // Kept as they are for other goods (buyers see a hint only on a top-up).
    player_hint_zh: d.player_hint_zh,
    player_hint_en: d.player_hint_en,
    player_hint_image: d.player_hint_image.trim(),
    topup_multiple: topup && d.topup_multiple ? 1 : 0,
    on_sale: d.on_sale ? 1 : 0,
    sort: Number(d.sort) || 0,
    stock_alert: Number(d.stock_alert) || 0,
  };
}

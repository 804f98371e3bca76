import { goodsBody } from '@shop/contract/admin/catalog.schemas';
import { describe, expect, it } from 'vitest';
import { adminT } from '../kit/use-admin-t';
import {
  bodyOf,
  checkDraft,
  draftOf,
  emptyDraft,
  type GoodsDetail,
  type GoodsDraft,
  newOption,
} from './goods-draft';

// The goods form checks what the API checks, in the operator's language, and what it sends is what
// the contract accepts (the schema itself judges it here).

const zh = adminT('zh-CN');
const en = adminT('en');

function filled(over: Partial<GoodsDraft> = {}): GoodsDraft {
  return {
    ...emptyDraft('3'),
    recharge_type: 3,
    name_zh: '星辰 礼包',
    name_en: 'Star Pack',
    image: '/uploads/catalog/202611/abc.png',
    skus: [{ ...newOption(0), name_zh: '60 钻石', name_en: '60 Diamonds', price_cny: '68', stock: '5' }],
    ...over,
  };
}

const detail: GoodsDetail = {
  id: 7,
  category_id: 3,
  name_zh: '竞技场',
  name_en: 'Arena',
  subtitle_zh: '',
  subtitle_en: '',
  description_zh: '一\n\n二',
  description_en: 'One\n\nTwo',
  instructions_zh: '',
  instructions_en: '',
  image: '/images/a.svg',
  images: ['/images/a.svg'],
  recharge_type: 2,
  spec_type: 2,
  ships: 0,
  skus: [],
  face_values: [
    {
      face_value: 60,
      label_zh: '60 点',
      label_en: '60 points',
      price_cny: '6.00',
      price_usd: '0.99',
      original_cny: null,
      stock: null,
      sort: 0,
      on_sale: 1,
      in_use: true,
      available_keys: null,
    },
  ],
  servers: [{ id: 4, name_zh: '官服', name_en: 'Official', sort: 0, in_use: false }],
  player_hint_zh: '在设置里',
  player_hint_en: 'In settings',
  player_hint_image: '',
  topup_multiple: 1,
  on_sale: 1,
  sort: 2,
  stock_alert: 0,
  sales: 10,
  created_at: 1,
  updated_at: 2,
  cache_ttl_ms: 2000,
};

describe('the goods form', () => {
  it('sends a filled form the contract accepts', () => {
    const draft = filled();
    expect(checkDraft(draft, zh)).toEqual({});
    const body = bodyOf(draft);
    expect(goodsBody.safeParse(body).success).toBe(true);
    expect(body.skus).toEqual([
      expect.objectContaining({
        spec_en: '60 Diamonds',
        price_cny: '68',
        price_usd: null,
        stock: 5,
        on_sale: 1,
      }),
    ]);
    expect(body.face_values).toEqual([]);
  });

  it('reads a goods back into the same request', () => {
    const body = bodyOf(draftOf(detail));
    expect(goodsBody.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      category_id: 3,
      recharge_type: 2,
      spec_type: 2,
      topup_multiple: 1,
      face_values: [
        { face_value: 60, label_en: '60 points', price_cny: '6.00', price_usd: '0.99', stock: null },
      ],
      servers: [{ id: 4, name_en: 'Official', sort: 0 }],
      skus: [],
    });
  });

  it('names each refused field in the shown language', () => {
    const draft = filled({
      name_zh: ' ',
      image: 'javascript:alert(1)',
      skus: [{ ...newOption(0), name_zh: 'a', name_en: 'b', price_cny: '0', stock: '-1' }],
    });
    const errorsZh = checkDraft(draft, zh);
    expect(errorsZh.name_zh).toBe('请填写名称（中文）');
    expect(errorsZh.image).toBe('主图必须是站内地址（以 / 开头）或 http(s) 地址');
    expect(errorsZh['skus.0.price_cny']).toBe('人民币价格必须大于 0');
    const errorsEn = checkDraft(draft, en);
    expect(errorsEn.name_zh).toBe('Name (Chinese) is required');
    expect(errorsEn['skus.0.stock']).toBe('Stock must be a whole number from 0 to 1000000000');
    expect(Object.keys(errorsEn).sort()).toEqual(['image', 'name_zh', 'skus.0.price_cny', 'skus.0.stock']);
  });

  it('asks for options, servers of a top-up, and a face value once', () => {
    expect(checkDraft(filled({ skus: [] }), en).options).toBe('Add at least one option');
    expect(checkDraft(filled({ recharge_type: 2 }), en).servers).toBe(
      'A direct top-up needs at least one server',
    );
    const face = (value: string) => ({
      ...newOption(0),
      face_value: value,
      name_zh: 'x',
      name_en: 'x',
      price_cny: '1',
    });
    const twice = checkDraft(filled({ spec_type: 2, faces: [face('60'), face('060')] }), en);
    expect(twice).toEqual({ 'faces.1.face_value': 'The face value 60 is listed twice' });
  });

  it('ignores the stock typed for card-key goods (their keys are their stock)', () => {
    const body = bodyOf(filled({ recharge_type: 1 }));
    expect(body.skus![0]!.stock).toBeNull();
    expect(bodyOf(filled({ recharge_type: 3 })).skus![0]!.stock).toBe(5);
  });
});

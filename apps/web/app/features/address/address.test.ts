import { describe, expect, it } from 'vitest';
import {
  chooseRegion,
  emptyDraft,
  inputOf,
  needsAddress,
  regionChoices,
  validateAddress,
  type AddressDraft,
  type Region,
} from './address';

const node = (id: number, name: string, children: Region[] = []): Region => ({ id, name, children });
/** Like /region/list: a municipality (one city) and a province of two cities. */
const REGIONS: Region[] = [
  node(1, '北京市', [node(2, '北京市', [node(3, '东城区'), node(4, '西城区')])]),
  node(10, '广东省', [
    node(11, '广州市', [node(12, '天河区')]),
    node(13, '深圳市', [node(14, '南山区'), node(15, '福田区')]),
  ]),
];

const valid: AddressDraft = {
  recipient: ' 张三 ',
  phone: '+86 138-0013-8000',
  province_id: 10,
  city_id: 13,
  district_id: 14,
  detail: ' 科技园路 1 号 ',
  is_default: false,
};

describe('the address form', () => {
  it('says what is wrong, field by field, as the API would', () => {
    expect(validateAddress(valid)).toEqual({});
    expect(validateAddress(emptyDraft())).toEqual({
      recipient: { key: 'address.errors.recipientRequired' },
      phone: { key: 'address.errors.phoneRequired' },
      province_id: { key: 'address.errors.provinceRequired' },
      detail: { key: 'address.errors.detailRequired' },
    });
    expect(validateAddress({ ...valid, phone: '12345678901' }).phone).toEqual({
      key: 'address.errors.phoneInvalid',
    });
    expect(validateAddress({ ...valid, phone: '+14155550123' }).phone).toEqual({
      key: 'address.errors.phoneInvalid',
    });
    expect(validateAddress({ ...valid, city_id: null, district_id: null })).toEqual({
      city_id: { key: 'address.errors.cityRequired' },
    });
    expect(validateAddress({ ...valid, district_id: null })).toEqual({
      district_id: { key: 'address.errors.districtRequired' },
    });
    expect(validateAddress({ ...valid, detail: ' 1号 ' }).detail).toEqual({
      key: 'address.errors.detailTooShort',
      values: { min: 4 },
    });
    expect(validateAddress({ ...valid, recipient: 'x'.repeat(31) }).recipient).toEqual({
      key: 'address.errors.recipientTooLong',
      values: { max: 30 },
    });
  });

  it('sends trimmed text and the phone as stored', () => {
    expect(inputOf(valid)).toEqual({
      recipient: '张三',
      phone: '13800138000',
      province_id: 10,
      city_id: 13,
      district_id: 14,
      detail: '科技园路 1 号',
      is_default: false,
    });
  });
});

describe('province → city → district', () => {
  it('offers a level once the one above it is chosen', () => {
    expect(regionChoices(REGIONS, { province_id: null, city_id: null })).toMatchObject({
      provinces: REGIONS,
      cities: [],
      districts: [],
    });
    const gd = regionChoices(REGIONS, { province_id: 10, city_id: null });
    expect(gd.cities.map((c) => c.name)).toEqual(['广州市', '深圳市']);
    expect(gd.districts).toEqual([]);
    expect(regionChoices(REGIONS, { province_id: 10, city_id: 13 }).districts.map((d) => d.id)).toEqual([
      14, 15,
    ]);
    // A city that is not in the province offers nothing below it.
    expect(regionChoices(REGIONS, { province_id: 1, city_id: 13 }).districts).toEqual([]);
  });

  it('clears the levels below a change, and picks a level that has a single choice', () => {
    const chosen = { ...emptyDraft(), province_id: 10, city_id: 13, district_id: 14 };
    expect(chooseRegion(REGIONS, chosen, 'province_id', 10)).toMatchObject({
      city_id: null,
      district_id: null,
    });
    expect(chooseRegion(REGIONS, chosen, 'city_id', 11)).toMatchObject({
      province_id: 10,
      city_id: 11,
      // 广州市 has one district here: chosen for the buyer.
      district_id: 12,
    });
    expect(chooseRegion(REGIONS, chosen, 'district_id', 15)).toMatchObject({ city_id: 13, district_id: 15 });
    // 北京市 › 北京市: the city is chosen with the province; its two districts are left to the buyer.
    expect(chooseRegion(REGIONS, chosen, 'province_id', 1)).toMatchObject({
      province_id: 1,
      city_id: 2,
      district_id: null,
    });
    expect(chooseRegion(REGIONS, chosen, 'province_id', null)).toMatchObject({
      province_id: null,
      city_id: null,
      district_id: null,
    });
  });
});

describe('checkout', () => {
  const address = {
    recipient: 'a',
    phone: '13800138000',
    province: 'p',
    city: 'c',
    district: 'd',
    detail: 'dddd',
  };
  it('waits for an address only when something ships and none is on the order', () => {
    expect(needsAddress({ items: [{ ships: true }, { ships: false }], address: null } as never)).toBe(true);
    expect(needsAddress({ items: [{ ships: true }], address } as never)).toBe(false);
    expect(needsAddress({ items: [{ ships: false }], address: null } as never)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  addressLine,
  isMainlandMobile,
  maskMobile,
  normalizeMobile,
  placeText,
  regionText,
} from './address.ts';

describe('shipping addresses', () => {
  it('takes a mainland mobile number as people write it, and nothing else', () => {
    for (const [input, stored] of <Array<[string, string]>>[
      ['13800138000', '13800138000'],
      [' 138 0013 8000 ', '13800138000'],
      ['138-0013-8000', '13800138000'],
      ['+86 138 0013 8000', '13800138000'],
      ['008613800138000', '13800138000'],
      ['8613800138000', '13800138000'],
      ['(+86) 19912345678', '19912345678'],
    ])
      expect([normalizeMobile(input), isMainlandMobile(input)], input).toEqual([stored, true]);
    for (const bad of [
      '',
      '1380013800',
      '138001380001',
      '12800138000',
      '02161234567',
      '+14155550123',
      '1380013800a',
    ])
      expect(isMainlandMobile(bad), bad).toBe(false);
  });

  it('masks the middle of a number for mail, and leaves anything else alone', () => {
    expect(maskMobile('13800138000')).toBe('138****8000');
    expect(maskMobile('12345')).toBe('12345');
  });

  it('writes the region in the reader’s order, a municipality once', () => {
    const gd = { province: '广东省', city: '深圳市', district: '南山区' };
    expect(regionText(gd, 'zh-CN')).toBe('广东省 深圳市 南山区');
    expect(regionText({ province: 'Guangdong', city: 'Shenzhen', district: 'Nanshan District' }, 'en')).toBe(
      'Nanshan District, Shenzhen, Guangdong',
    );
    expect(regionText({ province: '北京市', city: '北京市', district: '东城区' }, 'zh-CN')).toBe(
      '北京市 东城区',
    );
    expect(regionText({ province: 'Beijing', city: 'Beijing', district: 'Dongcheng District' }, 'en')).toBe(
      'Dongcheng District, Beijing',
    );
  });

  it('puts the detail after the region in Chinese and before it in English', () => {
    const parts = {
      recipient: '张三',
      phone: '13800138000',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      detail: '科技园路 1 号',
    };
    expect(placeText(parts, 'zh-CN')).toBe('广东省 深圳市 南山区 科技园路 1 号');
    expect(placeText({ ...parts, province: 'Guangdong', city: 'Shenzhen', district: 'Nanshan' }, 'en')).toBe(
      '科技园路 1 号, Nanshan, Shenzhen, Guangdong',
    );
    expect(addressLine(parts, 'zh-CN', { maskPhone: true })).toBe(
      '张三 138****8000 · 广东省 深圳市 南山区 科技园路 1 号',
    );
    expect(addressLine(parts, 'zh-CN')).toContain('13800138000');
  });
});
